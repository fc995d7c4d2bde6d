import type { Connection } from '../../adapters/db/connections';
import type { Contact } from '../../adapters/db/contacts';
import { getLock, getTicket, insertTicket, reopenTicket, type Ticket, type TicketLock } from '../../adapters/db/tickets';
import { newTicket } from './new-ticket';
import { ticketChanged, ticketCreated } from './ticket-events';
import { toTicketView } from './ticket-view';

/**
 * The ticket an inbound message belongs to (BEHAVIOUR.md step 6): the contact's active ticket on
 * the connection; else the last one reopened as pending when closed within the connection's
 * reopen window; else a new pending ticket (with the queue when the connection has exactly one).
 * The lock item makes concurrent messages agree on one ticket; the tab counters change in the same
 * transaction, the dashboard stats from the table's stream (adapters/db/tickets.ts insertTicket). A new or reopened ticket is a `ticket.created` /
 * `ticket.updated` of origin `channel`: the message's own event carries it to the lists.
 */
export async function resolveTicket(conn: Connection, contact: Contact, at: Date, known: { lock?: TicketLock | null; ticket?: Ticket } = {}): Promise<{ ticket: Ticket; created: boolean; reopened: boolean }> {
  const cid = conn.companyId;
  for (let attempt = 0; attempt < 4; attempt++) {
    // The first turn may use the lock (null: none) and ticket the caller read (inbound/prefetch.ts).
    const lock = attempt === 0 && known.lock !== undefined ? (known.lock ?? undefined) : await getLock(cid, contact.id, conn.id);
    if (lock?.state === 'active') {
      const ticket = attempt === 0 && known.ticket?.id === lock.ticketId ? known.ticket : await getTicket(cid, lock.ticketId);
      if (ticket) return { ticket, created: false, reopened: false };
    }
    if (lock?.state === 'closed' && conn.reopenWindowMinutes > 0 && lock.closedAt && at.getTime() - Date.parse(lock.closedAt) <= conn.reopenWindowMinutes * 60_000) {
      const closed = await getTicket(cid, lock.ticketId);
      if (closed && (await reopenTicket(closed, at.toISOString()))) {
        const ticket = await getTicket(cid, lock.ticketId);
        if (ticket) {
          await ticketChanged('ticket.updated', closed, ticket, 'channel', async () => ({ ticket, view: await toTicketView(ticket, contact) }));
          return { ticket, created: false, reopened: true };
        }
      }
      continue;
    }
    const ticket = await newTicket(conn, contact, { at: at.toISOString(), queueId: conn.queueIds?.length === 1 ? conn.queueIds[0]! : null, userId: null });
    // A contact's first ticket on the connection is a new lead of the dashboard.
    if (await insertTicket(ticket, { lead: !lock })) {
      await ticketCreated(ticket, 'channel', async () => ({ ticket, view: await toTicketView(ticket, contact) }));
      return { ticket, created: true, reopened: false };
    }
  }
  throw new Error(`ticket for contact ${contact.id} on connection ${conn.id} could not be resolved`);
}
