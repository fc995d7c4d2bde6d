/**
 * BEHAVIOUR.md "Inbound message" step 5: a closed ticket waiting for a rating takes the
 * customer's reply first. The inbound worker calls this for a closed ticket before anything else:
 * - 'rated': the reply was an option of the menu (rating-menu.ts): the answer is stored once — the
 *   wait becomes `ratedAt`, the answer record and the satisfaction stats are written in one
 *   transaction conditional on the wait — and `ticket.rated` is emitted (the rating reply,
 *   rating-reply.ts, sends the connection's completion message).
 * - 'invalid': anything else ends the wait (no message); the reply then goes on as a normal
 *   message (reopening per the rules).
 * - 'none': no live wait — go on as usual. Costs no read unless the ticket was rated before.
 *
 * A redelivered record whose answer was stored (the worker died before storing the message)
 * finds its answer record, answers 'rated' again and emits `ticket.rated` as redelivered: the
 * completion message keeps its idempotency key and time, so it is sent once.
 */
import type { InboundMessage } from '@conversa/shared/channels';
import type { Connection } from '../../adapters/db/connections';
import type { Contact } from '../../adapters/db/contacts';
import { channelMessageId } from '../../adapters/db/messages';
import { getAnswer, getRating, endRatingWait, storeAnswer, type RatingAnswer } from '../../adapters/db/ratings';
import { getLock, getTicket, type Ticket, type TicketLock } from '../../adapters/db/tickets';
import { emit, emitRedelivered } from '../events/dispatch';
import { pickOption } from './rating-menu';
import { levelOf, ratedStats } from './satisfaction-levels';
import { liveWait } from './rating-wait';

const rated = (ticket: Ticket, a: Pick<RatingAnswer, 'messageId' | 'ratingId' | 'value'>, at: Date) =>
  ({ type: 'ticket.rated', companyId: ticket.companyId, ticketId: ticket.id, messageId: a.messageId, ratingId: a.ratingId, value: a.value, at: at.toISOString() }) as const;

/** An answer an earlier delivery stored: `ticket.rated` again for the consumers that finish what it may have left. */
async function answeredBefore(ticket: Ticket, message: { id: string }, at: Date, known?: RatingAnswer): Promise<boolean> {
  const answer = known ?? (ticket.status === 'closed' && ticket.ratedAt ? await getAnswer(ticket.companyId, ticket.id, message.id) : undefined);
  if (!answer) return false;
  await emitRedelivered(rated(ticket, answer, at), async () => ({ ticket }));
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
    return stored && (await answeredBefore(ticket, message, at, stored)) ? 'rated' : 'none';
  }
  await emit(rated(ticket, answer, at), { ticket });
  return 'rated';
}

/**
 * The closed ticket an inbound message rated, or undefined. Uses the lock and ticket the worker read
 * already (inbound/prefetch.ts; null = no lock), else reads the lock; the ticket only when the lock
 * is closed.
 */
export async function ratedTicket(connection: Connection, contact: Contact, m: InboundMessage, at: Date, known: { lock?: TicketLock | null; ticket?: Ticket } = {}): Promise<Ticket | undefined> {
  if (m.fromMe || m.isGroup) return undefined;
  const lock = known.lock !== undefined ? (known.lock ?? undefined) : await getLock(connection.companyId, contact.id, connection.id);
  if (lock?.state !== 'closed') return undefined;
  const ticket = known.ticket?.id === lock.ticketId ? known.ticket : await getTicket(connection.companyId, lock.ticketId);
  if (!ticket || (!ticket.ratingWait && !ticket.ratedAt)) return undefined;
  const outcome = await takeRatingAnswer(ticket, { body: m.body, id: channelMessageId(m.timestamp, m.externalId, m.receivedAt) }, at);
  return outcome === 'rated' ? ticket : undefined;
}
