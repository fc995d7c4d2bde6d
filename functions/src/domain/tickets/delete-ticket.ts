/** DELETE /tickets/{id} (admin, spec 1 §4): the ticket, its uuid, its lock when it points to it, its counter, then its messages. */
import { deleteTicketItems, deleteTicketMessages } from '../../adapters/db/tickets';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { emit } from '../events/dispatch';
import { placeOf } from './ticket-events';
import { announceTagCounts } from './ticket-tags';
import { loadTicketFor } from './ticket-view';

export async function deleteTicket(auth: AuthContext, ticketId: number): Promise<void> {
  const { ticket } = await loadTicketFor(auth, ticketId);
  if (!(await deleteTicketItems(ticket))) throw new AppError('ERR_CONFLICT');
  await deleteTicketMessages(auth.companyId, ticketId);
  await emit({ type: 'ticket.deleted', companyId: ticket.companyId, ticketId, place: placeOf(ticket) }, {});
  await announceTagCounts(auth.companyId, ticket.tagIds ?? [], []);
}
