/**
 * GET /tickets/{id} and /tickets/u/{uuid}: the ticket for a user who may see it. Opening it
 * clears its unread count, tells the user's other screens (`updateUnread`) and sends the
 * customer a read receipt (messages/read-receipts.ts).
 */
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { ticketIdByUuid } from '../../adapters/db/tickets';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { clearUnread } from '../messages/read-receipts';
import { loadTicketFor, toTicketView } from './ticket-view';

export async function openTicket(auth: AuthContext, ref: { id: number } | { uuid: string }): Promise<TicketView> {
  const id = 'id' in ref ? ref.id : await ticketIdByUuid(auth.companyId, ref.uuid);
  if (id === undefined) throw new AppError('ERR_NO_TICKET_FOUND');
  const { ticket } = await loadTicketFor(auth, id);
  const read = await clearUnread(ticket);
  return toTicketView(read ?? ticket);
}
