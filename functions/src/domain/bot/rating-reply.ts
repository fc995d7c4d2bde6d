/**
 * BEHAVIOUR.md "Inbound message" step 5 in the worker, before the ticket is resolved: a customer's
 * reply to the contact's last ticket on the connection, closed and waiting for a rating, goes to
 * the ratings first (domain/ratings/rating-answer.ts). A valid answer keeps the message on that
 * closed ticket; anything else goes on as a normal message (reopen or new ticket).
 */
import type { InboundMessage } from '@conversa/shared/channels';
import type { Connection } from '../../adapters/db/connections';
import type { Contact } from '../../adapters/db/contacts';
import { channelMessageId } from '../../adapters/db/messages';
import { getLock, getTicket, type Ticket, type TicketLock } from '../../adapters/db/tickets';
import { takeRatingAnswer } from '../ratings/rating-answer';

/**
 * The closed ticket the message rated, or undefined. Uses the lock and ticket the worker read
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
