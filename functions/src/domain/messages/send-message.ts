/**
 * An agent's message (DESIGN.md "Outbound"): stored with ack 0 and the ticket updated first,
 * then queued for the channel's sender (session host or Graph worker), which reports back.
 */
import { chatGroupId, isSessionChannel, type OutboundJob } from '@conversa/shared/channels';
import type { SendMessageBody } from '@conversa/shared/schemas/messages';
import { LAST_MESSAGE_PREVIEW_CHARS } from '@conversa/shared/constants';
import { getConnection } from '../../adapters/db/connections';
import { getContact } from '../../adapters/db/contacts';
import { markFailed, newMessageId, putMessageOnce, type Message } from '../../adapters/db/messages';
import { getSettings } from '../../adapters/db/settings';
import { getTicket, needsResort, touchTicket } from '../../adapters/db/tickets';
import { enqueue } from '../../adapters/queue';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import { QUEUE } from '../../workers/queues';
import type { AuthContext } from '../auth/authenticate';
import { publishMessage } from '../inbound/ticket-events';
import { maySee } from '../tickets/visibility';

/** Signature format of spec 1 §2: the user name in bold, then the text. */
export const signed = (name: string, body: string) => `*${name}*:\n${body}`;

export async function sendMessage(auth: AuthContext, ticketId: number, input: SendMessageBody): Promise<Message> {
  const ticket = await getTicket(auth.companyId, ticketId);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  const settings = await getSettings(auth.companyId);
  if (!maySee({ ...auth.user, userId: auth.userId }, ticket, settings)) throw new AppError('ERR_NO_PERMISSION');
  if (ticket.status === 'closed') throw new AppError('ERR_VALIDATION', [{ path: 'ticket', message: 'the ticket is closed' }]);
  const [connection, contact] = await Promise.all([getConnection(auth.companyId, ticket.whatsappId), getContact(auth.companyId, ticket.contactId)]);
  if (!connection) throw new AppError('ERR_TICKET_NO_WHATSAPP');
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');

  const body = settings.sendSignMessage === 'enabled' ? signed(auth.user.name, input.body) : input.body;
  const now = new Date();
  const message: Message = {
    id: newMessageId(now.getTime()),
    companyId: auth.companyId,
    ticketId,
    contactId: contact.id,
    whatsappId: connection.id,
    body,
    fromMe: true,
    ack: 0,
    isDeleted: false,
    isEdited: false,
    isForwarded: input.isForwarded,
    read: true,
    userId: auth.userId,
    ...(input.quotedMsgId ? { quotedMsgId: input.quotedMsgId } : {}),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await putMessageOnce(message);
  const after = await touchTicket(auth.companyId, ticketId, { preview: body.slice(0, LAST_MESSAGE_PREVIEW_CHARS), at: message.createdAt, inbound: false, resort: needsResort(ticket, message.createdAt) });
  const job: OutboundJob = {
    companyId: auth.companyId,
    whatsappId: connection.id,
    ticketId,
    messageId: message.id,
    chatId: contact.number,
    isGroup: contact.isGroup,
    action: 'send',
    body,
    isForwarded: input.isForwarded,
  };
  try {
    await enqueue(isSessionChannel(connection.channel) ? QUEUE.outboundSession : QUEUE.outboundGraph, job, { groupId: chatGroupId(auth.companyId, connection.id, contact.number), dedupId: `send:${message.id}` });
  } catch (err) {
    log.error('outbound enqueue failed', { ticketId, messageId: message.id, err: String(err) });
    await markFailed(auth.companyId, ticketId, message.id, 'could not be queued for sending');
    throw new AppError('ERR_SENDING_WAPP_MSG');
  }
  await publishMessage('create', after ?? ticket, message);
  return message;
}
