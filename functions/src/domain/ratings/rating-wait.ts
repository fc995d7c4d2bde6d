/**
 * What the answer and the timeout of a rating wait share: whether a ticket's wait is real, and
 * the completion message that ends it.
 */
import { RATING_WAIT_MS } from '@conversa/shared/constants';
import { getConnection } from '../../adapters/db/connections';
import type { RatingWait } from '../../adapters/db/ratings';
import type { Ticket } from '../../adapters/db/tickets';
import { sendSystemMessage } from '../messages/deliver';

/**
 * The wait the ticket is in at `at`, if any: closed, not past `until`, and started after the ticket's
 * last close. A wait starts right after its close (send-rating.ts), so `closedAt` is at most
 * `until − RATING_WAIT_MS`; a later `closedAt` means the ticket was reopened and closed again
 * without a rating, and the old wait is a leftover that must not catch the customer's words.
 */
export function liveWait(t: Ticket, at: Date): RatingWait | undefined {
  const w = t.ratingWait;
  return w && startedAfterClose(t, w) && Date.parse(w.until) > at.getTime() ? w : undefined;
}

/** The wait began after the ticket's last close, and the ticket is still closed (liveWait without the clock). */
export function startedAfterClose(t: Ticket, w: RatingWait): boolean {
  return t.status === 'closed' && !(t.closedAt && Date.parse(t.closedAt) > Date.parse(w.until) - RATING_WAIT_MS);
}

/**
 * The connection's completion message (`complationMessage`) on the ticket; nothing when the
 * connection has none. `idempotencyKey` and `at` are fixed by what triggered it, so a retry
 * stores and sends the same message once.
 */
export async function sendCompletion(ticket: Ticket, o: { idempotencyKey: string; at: Date }): Promise<void> {
  const connection = await getConnection(ticket.companyId, ticket.whatsappId);
  const text = connection?.complationMessage?.trim();
  if (!connection || !text) return;
  await sendSystemMessage(ticket, text, { connection, idempotencyKey: o.idempotencyKey, at: o.at });
}
