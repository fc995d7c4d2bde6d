/**
 * DELETE /tickets/{id}/flow: the agent stops the ticket's flow (BEHAVIOUR.md "Flows"); the ticket
 * stays where it is, and the agents' lists hear of it. ERR_TICKET_NOT_IN_FLOW when none runs.
 */
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { writeFlowState } from '../../adapters/db/ticket-flow';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { ticketChanged } from '../tickets/ticket-events';
import { loadTicketFor, toTicketView } from '../tickets/ticket-view';

export async function stopTicketFlow(auth: AuthContext, ticketId: number): Promise<TicketView> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { ticket } = await loadTicketFor(auth, ticketId);
    if (!ticket.flowState || ticket.status !== 'pending') throw new AppError('ERR_TICKET_NOT_IN_FLOW');
    const after = await writeFlowState(auth.companyId, ticket.id, { expected: ticket.flowState, next: null });
    if (!after) continue; // the flow moved a step meanwhile: stop it where it is now
    const view = await toTicketView(after);
    await ticketChanged('ticket.updated', undefined, after, 'user', { ticket: after, view });
    return view;
  }
  throw new AppError('ERR_CONFLICT');
}
