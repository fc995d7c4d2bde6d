/**
 * POST /ratings/messages/{ticketId} (spec 1 §4, §7; BEHAVIOUR.md "Agent actions"): the agent
 * resolves the ticket sending a rating menu, and the closed ticket waits for the customer's
 * answer (rating-answer.ts) for RATING_WAIT_MS (then expire-rating-waits.ts).
 *
 * Order, so that nothing is lost: (1) the ticket as the caller may see it, open or pending;
 * (2) the menu, while the ticket is still open — a failed send leaves it open and answers the
 * error; (3) the normal close transition (justClose: no farewell, and exempt from the
 * "rating required" rule); (4) the wait: its due item first, then the ticket's `ratingWait`
 * conditional on the ticket being closed — a due item without a wait is dropped by the tick.
 */
import { RATING_WAIT_MS } from '@conversa/shared/constants';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { getConnection } from '../../adapters/db/connections';
import { deleteDue, getRating, putDue, setRatingWait } from '../../adapters/db/ratings';
import { getUser } from '../../adapters/db/users';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import type { AuthContext } from '../auth/authenticate';
import { sendSystemMessage } from '../messages/deliver';
import { loadTicketFor } from '../tickets/ticket-view';
import { updateTicket } from '../tickets/update-ticket';
import { ratingMenu } from './rating-menu';

/** `userId`: the agent being rated — the body's, else the ticket's agent, else the caller. */
export async function resolveWithRating(auth: AuthContext, ticketId: number, body: { ratingId: number; userId?: number }): Promise<TicketView> {
  const cid = auth.companyId;
  const { ticket } = await loadTicketFor(auth, ticketId);
  if (ticket.status === 'closed') throw new AppError('ERR_TICKET_ALREADY_CLOSED');
  const [rating, connection, rated] = await Promise.all([getRating(cid, body.ratingId), getConnection(cid, ticket.whatsappId), body.userId !== undefined ? getUser(cid, body.userId) : undefined]);
  if (!rating) throw new AppError('ERR_NO_RATING_FOUND');
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
  if (body.userId !== undefined && !rated) throw new AppError('ERR_NO_USER_FOUND');

  if (!(await sendSystemMessage(ticket, ratingMenu(rating, connection.ratingMessage), { connection }))) throw new AppError('ERR_SENDING_WAPP_MSG');
  const view = await updateTicket(auth, ticketId, { status: 'closed', justClose: true });

  const until = new Date(Date.now() + RATING_WAIT_MS).toISOString();
  await putDue(until, cid, ticketId);
  if (!(await setRatingWait(cid, ticketId, { ratingId: rating.id, userId: body.userId ?? ticket.userId ?? auth.userId, until }))) {
    // Reopened between the close and now (the customer wrote): the menu went, the wait does not start.
    log.info('rating wait not started: the ticket is no longer closed', { companyId: cid, ticketId });
    await deleteDue({ until, companyId: cid, ticketId });
  }
  return view;
}
