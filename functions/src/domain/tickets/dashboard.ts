/**
 * The dashboard (spec 1 §2 "Dashboard", §3 "Dashboard data"): the current open and pending counts
 * from the tab counters, everything in a date range from the day stats written with the
 * transitions (adapters/db/day-stats.ts) — one Query per range, no scan.
 */
import type { DashboardView, TicketsByDay, TicketsByUser } from '@conversa/shared/schemas/dashboard';
import { localDay, statsBetween } from '../../adapters/db/day-stats';
import { listCounters } from '../../adapters/db/tickets';
import { allUsers } from '../../adapters/db/users';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';

const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The range asked for, in company days; the current day by default. */
export function dayRange(from: string | undefined, to: string | undefined, days?: number): { from: string; to: string } {
  const today = localDay(new Date()).day;
  const end = to ?? (from && !days ? from : today);
  const start = from ?? (days ? shiftDay(end, -(days - 1)) : end);
  if (start > end) throw new AppError('ERR_VALIDATION', [{ path: 'query', message: 'the range ends before it starts' }]);
  if (Date.parse(end) - Date.parse(start) > MAX_RANGE_DAYS * DAY_MS) throw new AppError('ERR_VALIDATION', [{ path: 'query', message: `at most ${MAX_RANGE_DAYS} days` }]);
  return { from: start, to: end };
}

const sum = (items: Record<string, any>[], f: string) => items.reduce((n, i) => n + Number(i[f] ?? 0), 0);
const minutes = (ms: number, n: number) => (n ? Math.round((ms / n / 60_000) * 10) / 10 : 0);
/** `U#<day>#<userId padded>` → userId. */
const userOf = (sk: string) => Number(sk.slice(sk.lastIndexOf('#') + 1));

export async function dashboard(auth: AuthContext, q: { days?: number; date_from?: string; date_to?: string }): Promise<DashboardView> {
  const cid = auth.companyId;
  const r = dayRange(q.date_from, q.date_to, q.days);
  const [days, perUser, counters, users] = await Promise.all([statsBetween(cid, 'D', r.from, r.to), statsBetween(cid, 'U', r.from, r.to), listCounters(cid), allUsers(cid)]);
  const byUser = new Map<number, Record<string, any>[]>();
  for (const i of perUser) byUser.set(userOf(String(i.SK)), [...(byUser.get(userOf(String(i.SK))) ?? []), i]);
  return {
    counters: {
      supportHappening: counters.filter((c) => c.status === 'open').reduce((n, c) => n + c.n, 0),
      supportPending: counters.filter((c) => c.status === 'pending').reduce((n, c) => n + c.n, 0),
      supportFinished: sum(days, 'closed'),
      avgSupportTime: minutes(sum(days, 'supportMs'), sum(days, 'supportN')),
      avgWaitTime: minutes(sum(days, 'waitMs'), sum(days, 'waitN')),
      totalSentMessages: sum(days, 'sent'),
      totalReceivedMessages: sum(days, 'received'),
      leads: sum(days, 'leads'),
    },
    attendants: users.map((u) => {
      const mine = byUser.get(u.id) ?? [];
      return { id: u.id, name: u.name, online: Boolean(u.online), tickets: sum(mine, 'tickets'), avgSupportTime: minutes(sum(mine, 'supportMs'), sum(mine, 'supportN')) };
    }),
  };
}

/** Tickets taken per agent in the range. */
export async function ticketsByUser(auth: AuthContext, q: { initialDate?: string; finalDate?: string }): Promise<TicketsByUser> {
  const r = dayRange(q.initialDate, q.finalDate);
  const [items, users] = await Promise.all([statsBetween(auth.companyId, 'U', r.from, r.to), allUsers(auth.companyId)]);
  const totals = new Map<number, number>();
  for (const i of items) totals.set(userOf(String(i.SK)), (totals.get(userOf(String(i.SK))) ?? 0) + Number(i.tickets ?? 0));
  const names = new Map(users.map((u) => [u.id, u.name]));
  const data = [...totals].filter(([, n]) => n > 0).map(([userId, quantidade]) => ({ userId, name: names.get(userId) ?? '', quantidade })).sort((a, b) => b.quantidade - a.quantidade);
  return { data, count: data.reduce((n, d) => n + d.quantidade, 0) };
}

/** New tickets per day, or per hour when the range is one day. */
export async function ticketsByDay(auth: AuthContext, q: { initialDate?: string; finalDate?: string }): Promise<TicketsByDay> {
  const r = dayRange(q.initialDate, q.finalDate);
  if (r.from === r.to) {
    const items = await statsBetween(auth.companyId, 'H', r.from, r.to);
    const data = items.map((i) => ({ horario: String(i.SK).slice(-2), total: Number(i.created ?? 0) })).filter((d) => d.total > 0);
    return { data, count: data.reduce((n, d) => n + d.total, 0) };
  }
  const items = await statsBetween(auth.companyId, 'D', r.from, r.to);
  const data = items.map((i) => ({ date: String(i.SK).slice(2), total: Number(i.created ?? 0) })).filter((d) => d.total > 0);
  return { data, count: data.reduce((n, d) => n + d.total, 0) };
}
