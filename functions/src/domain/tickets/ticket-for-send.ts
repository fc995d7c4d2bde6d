import type { Connection } from '../../adapters/db/connections';
import type { Contact } from '../../adapters/db/contacts';
import { getLock, getTicket, insertTicket, type Ticket } from '../../adapters/db/tickets';
import { newTicket } from './new-ticket';
import { ticketCreated } from './ticket-events';
import { toTicketView } from './ticket-view';

/**
 * The ticket a message the platform sends to a contact goes on (a scheduled message): the
 * contact's open or pending ticket on the connection, else a new one open with `userId` (pending
 * when none). The lock item decides between concurrent senders (one open ticket per contact and
 * connection).
 */
export async function ticketForSend(conn: Connection, contact: Contact, userId: number | null, at: Date): Promise<Ticket> {
  const cid = conn.companyId;
  for (let attempt = 0; attempt < 4; attempt++) {
    const lock = await getLock(cid, contact.id, conn.id);
    if (lock?.state === 'active') {
      const ticket = await getTicket(cid, lock.ticketId);
      if (ticket) return ticket;
    }
    const ticket = await newTicket(conn, contact, { at: at.toISOString(), queueId: null, userId });
    if (await insertTicket(ticket, { lead: !lock })) {
      await ticketCreated(ticket, 'platform', async () => ({ ticket, view: await toTicketView(ticket, contact) }));
      return ticket;
    }
  }
  throw new Error(`ticket for contact ${contact.id} on connection ${conn.id} could not be found or made`);
}
