/**
 * Read receipts to the customer's channel (the blue ticks / "seen"). What we chose: the customer's
 * messages count as read when the app shows them read to the company, that is when the ticket's
 * unread count is cleared by an agent reading it: opening the ticket (GET /tickets/{id},
 * /tickets/u/{uuid}) and, while the chat is open and visible, new messages arriving
 * (POST /messages/{ticketId}/read from the chat). Only the request whose conditional write clears
 * the count sends, so a batch of messages gets one receipt however many screens show it; the spy
 * dialog only reads messages and sends none. The receipt names the customer's unread messages:
 * Baileys and the sandbox mark each, the Cloud API marks the newest (earlier ones follow),
 * Messenger and Instagram send `mark_seen`. A receipt is best effort: a failure is logged and
 * never fails the read.
 */
import type { Channel, OutboundJob } from '@conversa/shared/channels';
import { getContact } from '../../adapters/db/contacts';
import { latestCustomerMessages } from '../../adapters/db/messages';
import { markTicketRead, type Ticket } from '../../adapters/db/tickets';
import { log } from '../../lib/log';
import type { AuthContext } from '../auth/authenticate';
import { emit } from '../events/dispatch';
import { placeOf } from '../tickets/ticket-events';
import { loadTicketFor } from '../tickets/ticket-view';
import { queueOutbound } from './queue-outbound';

/** Queues the receipt of the ticket's `unread` newest customer messages; answers how many it names. */
export async function sendReadReceipts(ticket: Ticket, unread: number): Promise<number> {
  if (unread <= 0) return 0;
  try {
    const cid = ticket.companyId;
    const [messages, chat] = await Promise.all([
      latestCustomerMessages(cid, ticket.id, ticket.whatsappId, unread),
      ticket.contactCard ? Promise.resolve(ticket.contactCard) : getContact(cid, ticket.contactId),
    ]);
    const newest = messages[0];
    if (!newest?.externalId || !chat) return 0;
    const job: OutboundJob = {
      companyId: cid,
      whatsappId: ticket.whatsappId,
      ticketId: ticket.id,
      messageId: newest.id,
      chatId: chat.number,
      isGroup: chat.isGroup,
      action: 'read',
      body: '',
      targetExternalId: newest.externalId,
      targets: messages.map((m) => ({ externalId: m.externalId!, fromMe: false, ...(m.participant ? { participant: m.participant.id } : {}) })),
      isForwarded: false,
    };
    await queueOutbound(ticket.channel as Channel, job, `read:${ticket.id}:${newest.id}`);
    return messages.length;
  } catch (err) {
    log.warn('read receipt not queued', { companyId: ticket.companyId, ticketId: ticket.id, err: String(err) });
    return 0;
  }
}

/** The agent read the ticket's messages: its unread count cleared (once), the other screens told, the receipt sent. */
export async function clearUnread(ticket: Ticket): Promise<Ticket | undefined> {
  if (ticket.unreadMessages <= 0) return undefined;
  const read = await markTicketRead(ticket.companyId, ticket.id);
  if (read) await Promise.all([emit({ type: 'ticket.read', companyId: read.companyId, ticketId: read.id, place: placeOf(read) }, {}), sendReadReceipts(ticket, ticket.unreadMessages)]);
  return read;
}

/** POST /messages/{ticketId}/read: the chat showed new messages to an agent. */
export async function readTicketMessages(auth: AuthContext, ticketId: number): Promise<{ unreadMessages: number }> {
  const { ticket } = await loadTicketFor(auth, ticketId);
  const read = await clearUnread(ticket);
  return { unreadMessages: (read ?? ticket).unreadMessages };
}
