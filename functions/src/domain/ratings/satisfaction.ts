/**
 * GET /satisfaction (spec 3 "Satisfaction dashboard", §7): totals, average and five levels of the
 * answers stored between two company days (DD/MM/YYYY, inclusive, America/Sao_Paulo), and one row
 * per rated agent — summed from the day stats the answers wrote (satisfaction-levels.ts), never
 * from the answers themselves: two Queries of a range, one of the company's users for the names.
 */
import type { SatisfactionView } from '@conversa/shared/schemas/ratings';
import { statsBetween } from '../../adapters/db/day-stats';
import { allUsers } from '../../adapters/db/users';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { summarize } from './satisfaction-levels';

/** About three years of days: the spec's default range is two. */
export const MAX_RANGE_DAYS = 1100;

/** 'DD/MM/YYYY' → 'YYYY-MM-DD' when it is a real calendar day, else undefined. */
export function dayOf(br: string): string | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(br);
  if (!m) return undefined;
  const [, d, mo, y] = m as unknown as [string, string, string, string];
  const t = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (t.getUTCFullYear() !== Number(y) || t.getUTCMonth() !== Number(mo) - 1 || t.getUTCDate() !== Number(d)) return undefined;
  return `${y}-${mo}-${d}`;
}

export async function satisfaction(auth: AuthContext, q: { startDate: string; endDate: string }): Promise<SatisfactionView> {
  const from = dayOf(q.startDate);
  const to = dayOf(q.endDate);
  if (!from) throw new AppError('ERR_VALIDATION', [{ path: 'query.startDate', message: 'DD/MM/YYYY' }]);
  if (!to) throw new AppError('ERR_VALIDATION', [{ path: 'query.endDate', message: 'DD/MM/YYYY' }]);
  if (to < from) throw new AppError('ERR_VALIDATION', [{ path: 'query.endDate', message: 'before startDate' }]);
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > MAX_RANGE_DAYS) throw new AppError('ERR_VALIDATION', [{ path: 'query.endDate', message: `at most ${MAX_RANGE_DAYS} days` }]);
  const cid = auth.companyId;
  const [days, agentDays, users] = await Promise.all([statsBetween(cid, 'D', from, to), statsBetween(cid, 'U', from, to), allUsers(cid)]);
  return summarize(days, agentDays, new Map(users.map((u) => [u.id, u.name])));
}
