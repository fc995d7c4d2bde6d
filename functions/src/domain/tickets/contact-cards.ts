/**
 * The contact card every ticket keeps for the lists (adapters/db/tickets.ts #74), kept in step with
 * its contact (workers/ticket-contacts.ts, from the table's stream): every ticket of a changed
 * contact gets the new card, and its open and pending tickets go out as `update` events to who may
 * see them, so the rows change live. Puts of the same value: doing it again changes nothing (but
 * the events again).
 */
import { setContactCard, ticketIdsOfContact, type ContactCard, type Ticket } from '../../adapters/db/tickets';
import { ticketChanged } from './ticket-events';
import { toTicketViews } from './ticket-view';

export type CardChange = { companyId: number; contactId: number; card: ContactCard };

/** Writes the cards; answers how many tickets got one and how many live rows were told. */
export async function refreshContactCards(changes: Iterable<CardChange>): Promise<{ tickets: number; published: number }> {
  let tickets = 0;
  const live: Ticket[] = [];
  for (const { companyId, contactId, card } of changes) {
    for (const id of await ticketIdsOfContact(companyId, contactId)) {
      const t = await setContactCard(companyId, id, card);
      if (t) tickets++;
      if (t && t.status !== 'closed') live.push(t);
    }
  }
  // The open and pending rows on the agents' screens show the new card at once (closed ones on the next read).
  const views = await toTicketViews(live);
  await Promise.all(live.map((t, i) => ticketChanged('ticket.updated', undefined, t, 'platform', { ticket: t, view: views[i]! })));
  return { tickets, published: live.length };
}
