/**
 * A watermark receipt (Messenger's `read.watermark` / `delivery.watermark`): every message the
 * page sent the customer up to that time was read (or received). It names no message, so the
 * ticket comes from the chat: the customer's identity on the connection's channel, then their
 * active or last ticket there (the lock), then its sent messages still below that ack.
 */
import type { InboundWatermark } from '@conversa/shared/channels';
import { getConnection } from '../../adapters/db/connections';
import { contactIdByIdentity } from '../../adapters/db/contacts';
import { changeMessage, sentBelowAck } from '../../adapters/db/messages';
import { getLock, getTicket } from '../../adapters/db/tickets';
import { identityKey } from '../contacts/numbers';
import { messageUpdated } from '../messages/message-updated';

/** Answers how many messages it raised. */
export async function applyWatermark(w: InboundWatermark): Promise<number> {
  const connection = await getConnection(w.companyId, w.whatsappId);
  if (!connection) return 0;
  const contactId = await contactIdByIdentity(w.companyId, identityKey(connection.channel, w.chatId, false));
  const lock = contactId === undefined ? undefined : await getLock(w.companyId, contactId, w.whatsappId);
  if (!lock) return 0;
  const [ticket, pending] = await Promise.all([getTicket(w.companyId, lock.ticketId), sentBelowAck(w.companyId, lock.ticketId, w.watermark, w.ack)]);
  let raised = 0;
  // Oldest first, so the chat's ticks turn in order.
  for (const m of pending.reverse()) {
    const after = await changeMessage(w.companyId, lock.ticketId, m.id, { ack: w.ack });
    if (!after) continue;
    raised += 1;
    if (ticket) await messageUpdated(ticket, after);
  }
  return raised;
}
