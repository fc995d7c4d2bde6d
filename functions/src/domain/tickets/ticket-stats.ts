/**
 * What each transition adds to the dashboard stats (adapters/db/day-stats.ts). Times are
 * attributed to the company day of the event: a ticket closed today counts in today's averages.
 */
import { StatsDelta, dayItemSK, hourSK, localDay, userDaySK } from '../../adapters/db/day-stats';
import type { Ticket } from '../../adapters/db/tickets';

const ms = (from: string | undefined, to: string): number => (from ? Math.max(0, Date.parse(to) - Date.parse(from)) : 0);

/** A new ticket: tickets per day and hour, a lead on the contact's first ticket, the agent when created open. */
export function createdStats(t: Pick<Ticket, 'companyId' | 'createdAt' | 'userId'>, o: { lead: boolean }): StatsDelta {
  const { day, hour } = localDay(t.createdAt);
  const d = new StatsDelta(t.companyId).add(dayItemSK(day), 'created', 1).add(hourSK(day, hour), 'created', 1);
  if (o.lead) d.add(dayItemSK(day), 'leads', 1);
  if (t.userId !== null) d.add(userDaySK(day, t.userId), 'tickets', 1);
  return d;
}

/** An agent takes the ticket (accept, transfer to them, reopen): their count; the wait when it was queued. */
export function takenStats(t: Ticket, userId: number, at: string, o: { waited: boolean }): StatsDelta {
  const { day } = localDay(at);
  const d = new StatsDelta(t.companyId).add(userDaySK(day, userId), 'tickets', 1);
  if (o.waited) d.add(dayItemSK(day), 'waitMs', ms(t.queuedAt, at)).add(dayItemSK(day), 'waitN', 1);
  return d;
}

/** Closing: finished tickets, and the handling time (accepted → closed) of the company and the agent. */
export function closedStats(t: Ticket, at: string): StatsDelta {
  const { day } = localDay(at);
  const d = new StatsDelta(t.companyId).add(dayItemSK(day), 'closed', 1);
  if (t.acceptedAt) {
    const handled = ms(t.acceptedAt, at);
    d.add(dayItemSK(day), 'supportMs', handled).add(dayItemSK(day), 'supportN', 1);
    if (t.userId !== null) d.add(userDaySK(day, t.userId), 'supportMs', handled).add(userDaySK(day, t.userId), 'supportN', 1);
  }
  if (t.userId !== null) d.add(userDaySK(day, t.userId), 'closed', 1);
  return d;
}
