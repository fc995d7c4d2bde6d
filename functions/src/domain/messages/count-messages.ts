/**
 * GET /messages-allMe (dashboard cards "total sent / received messages"): the company's message
 * totals over a range of company days, read from the day counters (adapters/db/day-stats.ts),
 * never by scanning messages. Without dates: today.
 */
import type { MessagesAllMe } from '@conversa/shared/schemas/messages';
import { localDay, statsBetween } from '../../adapters/db/day-stats';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';

/** Longest range one call may sum (about three years of day items). */
const MAX_RANGE_DAYS = 1_100;

export async function countCompanyMessages(auth: AuthContext, q: { fromMe?: boolean; dateStart?: string; dateEnd?: string }): Promise<MessagesAllMe> {
  const today = localDay(new Date()).day;
  const from = q.dateStart ?? q.dateEnd ?? today;
  const to = q.dateEnd ?? q.dateStart ?? today;
  const span = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (!(span >= 0)) throw new AppError('ERR_VALIDATION', [{ path: 'query.dateEnd', message: 'dateEnd before dateStart' }]);
  if (span > MAX_RANGE_DAYS) throw new AppError('ERR_VALIDATION', [{ path: 'query.dateStart', message: 'range too long' }]);
  const days = await statsBetween(auth.companyId, 'D', from, to);
  const sum = (field: 'sent' | 'received') => days.reduce((n, d) => n + Number(d[field] ?? 0), 0);
  const count = [
    { fromMe: true, total: sum('sent') },
    { fromMe: false, total: sum('received') },
  ];
  return { count: q.fromMe === undefined ? count : count.filter((c) => c.fromMe === q.fromMe) };
}
