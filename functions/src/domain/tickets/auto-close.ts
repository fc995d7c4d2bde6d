/**
 * `hoursCloseTicketsAuto` (BEHAVIOUR.md "Agent actions"): open tickets without a message for that
 * many hours are closed by the tick (workers/tick.ts, every minute) — silently, as Whaticket does:
 * no farewell, no rating request; the agents' lists hear of it.
 *
 * Cost: the companies come from the sparse index of their setting item (adapters/db/settings.ts
 * `autoCloseCompanies`, one Query listing only them); per company, the open lists (individual and
 * group) of the status index below the cutoff (GSI3SK = sortedAt, which trails the last message by
 * less than a minute), so only idle tickets are read — an empty Query when none is idle. At most
 * PAGE tickets per list and tick; the next tick goes on (closed ones leave the list).
 */
import { autoCloseCompanies } from '../../adapters/db/settings';
import { getTicket, statusKeys, statusPartition, transitionTicket, type StoredTicket } from '../../adapters/db/tickets';
import { log } from '../../lib/log';
import { ticketChanged } from './ticket-events';
import { closedStats } from './ticket-stats';
import { toTicketView } from './ticket-view';

const PAGE = 100;
const HOUR = 3_600_000;

async function closeIdle(t: StoredTicket, now: string): Promise<boolean> {
  const after = { ...t, status: 'closed' as const, closedAt: now, updatedAt: now, sortedAt: now, unreadMessages: 0 };
  const outcome = await transitionTicket(t, after, { lock: { kind: 'release', closedAt: now }, extra: closedStats(t, now).txItems() });
  if (outcome !== 'ok') return false; // someone acted on it meanwhile: not idle after all
  const fresh = (await getTicket(t.companyId, t.id)) ?? after;
  await ticketChanged('ticket.closed', t, fresh, 'platform', async () => ({ ticket: fresh, view: await toTicketView(fresh) }));
  return true;
}

/** Closes one company's idle open tickets; answers how many. */
export async function closeIdleTicketsOf(companyId: number, hours: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - hours * HOUR).toISOString();
  let closed = 0;
  for (const isGroup of [false, true]) {
    const { keys } = await statusKeys(statusPartition(companyId, 'open', isGroup), { before: cutoff, limit: PAGE });
    for (const { id } of keys) {
      const t = (await getTicket(companyId, id)) as StoredTicket | undefined;
      if (!t || t.status !== 'open' || (t.lastMessageAt ?? t.updatedAt) >= cutoff) continue;
      if (await closeIdle(t, now.toISOString())) closed += 1;
    }
  }
  return closed;
}

/** Every company with the setting on; one company's failure is logged and the others go on. */
export async function closeIdleTickets(now = new Date()): Promise<number> {
  let closed = 0;
  for (const { companyId, hours } of await autoCloseCompanies()) {
    try {
      closed += await closeIdleTicketsOf(companyId, hours, now);
    } catch (err) {
      log.error('auto-close failed', { companyId, err: String(err) });
    }
  }
  return closed;
}
