/**
 * BEHAVIOUR.md "Inbound message" step 5: a closed ticket waiting for a rating takes the
 * customer's reply first. The inbound worker calls this for a closed ticket before anything else:
 * - 'rated': the reply was an option of the menu (rating-menu.ts): the answer is stored once — the
 *   wait becomes `ratedAt`, the answer record and the satisfaction stats are written in one
 *   transaction conditional on the wait — and the connection's completion message goes out.
 * - 'invalid': anything else ends the wait (no message); the reply then goes on as a normal
 *   message (reopening per the rules).
 * - 'none': no live wait — go on as usual. Costs no read unless the ticket was rated before.
 *
 * A redelivered record whose answer was stored (the worker died before storing the message)
 * finds its answer record and answers 'rated' again; the completion message keeps its
 * idempotency key and time, so it is sent once.
 */
import { getAnswer, getRating, endRatingWait, storeAnswer, type RatingAnswer } from '../../adapters/db/ratings';
import type { Ticket } from '../../adapters/db/tickets';
import { pickOption } from './rating-menu';
import { levelOf, ratedStats } from './satisfaction-levels';
import { liveWait, sendCompletion } from './rating-wait';

/** The completion after an answer: keyed by the answer, one millisecond after it (so it sorts after it). */
const completionOf = (message: { id: string }, at: Date) => ({ idempotencyKey: `${message.id}:rated`, at: new Date(at.getTime() + 1) });

async function answeredBefore(ticket: Ticket, message: { id: string }, at: Date): Promise<boolean> {
  if (ticket.status !== 'closed' || !ticket.ratedAt) return false;
  if (!(await getAnswer(ticket.companyId, ticket.id, message.id))) return false;
  await sendCompletion(ticket, completionOf(message, at));
  return true;
}

export async function takeRatingAnswer(ticket: Ticket, message: { body: string; id: string }, at: Date): Promise<'rated' | 'invalid' | 'none'> {
  const cid = ticket.companyId;
  const wait = liveWait(ticket, at);
  if (!wait) return (await answeredBefore(ticket, message, at)) ? 'rated' : 'none';
  const rating = await getRating(cid, wait.ratingId);
  const option = rating ? pickOption(rating.options, message.body ?? '') : undefined;
  if (!rating || !option) return (await endRatingWait(cid, ticket.id, wait.until)) ? 'invalid' : 'none';

  const level = levelOf(option.value, rating.options);
  const answer: RatingAnswer = {
    companyId: cid,
    ticketId: ticket.id,
    messageId: message.id,
    ratingId: rating.id,
    userId: wait.userId,
    contactId: ticket.contactId,
    option: option.name,
    value: option.value,
    level,
    at: at.toISOString(),
  };
  if (!(await storeAnswer(answer, wait.until, ratedStats(cid, answer.at, wait.userId, level).txItems()))) {
    // The wait ended meanwhile: timed out, or this very answer was stored by an earlier delivery.
    const stored = await getAnswer(cid, ticket.id, message.id);
    if (!stored) return 'none';
  }
  await sendCompletion(ticket, completionOf(message, at));
  return 'rated';
}
