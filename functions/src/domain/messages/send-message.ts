/**
 * An agent's message (DESIGN.md "Outbound"): stored with ack 0 and the ticket updated first,
 * then queued for the channel's sender (session host or Graph worker), which reports back.
 * Text carries the message variables and the signature; media was uploaded beforehand
 * (upload-media.ts); a reply quotes a message of the same ticket; a forward copies the text and
 * media of a message of any ticket the agent may see.
 */
import { chatGroupId, isSessionChannel, type OutboundJob } from '@conversa/shared/channels';
import type { MessageView, SendMessageBody } from '@conversa/shared/schemas/messages';
import { LAST_MESSAGE_PREVIEW_CHARS } from '@conversa/shared/constants';
import { renderVariables } from '@conversa/shared/message-variables';
import { getConnection } from '../../adapters/db/connections';
import { getContact } from '../../adapters/db/contacts';
import { countMessages } from '../../adapters/db/day-stats';
import { getMessage, markFailed, newMessageId, putMessageOnce, type Message } from '../../adapters/db/messages';
import { needsResort, touchTicket, type Ticket } from '../../adapters/db/tickets';
import { enqueue } from '../../adapters/queue';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import { QUEUE } from '../../workers/queues';
import type { AuthContext } from '../auth/authenticate';
import { publishMessage } from '../inbound/ticket-events';
import { loadTicketFor, toTicketView } from '../tickets/ticket-view';
import { toMessageView } from './message-view';
import { checkUploaded, mediaTypeOf } from './upload-media';

/** Signature format of spec 1 §2: the user name in bold, then the text. */
export const signed = (name: string, body: string) => `*${name}*:\n${body}`;
/** The text without the signature `signed` put in front of it. */
export const unsigned = (name: string, body: string) => (body.startsWith(`*${name}*:\n`) ? body.slice(name.length + 4) : body);


type Media = Pick<Message, 'mediaType' | 'mediaKey' | 'mimetype' | 'filename'>;

/** The message a forward copies: of a ticket the caller may see, not deleted. */
async function forwarded(auth: AuthContext, ref: string): Promise<{ body: string; media: Media }> {
  const i = ref.indexOf('_');
  const ticketId = Number(ref.slice(0, i));
  await loadTicketFor(auth, ticketId);
  const source = await getMessage(auth.companyId, ticketId, ref.slice(i + 1));
  if (!source || source.isDeleted) throw new AppError('ERR_NO_MESSAGE_FOUND');
  const media: Media = source.mediaKey ? { mediaType: source.mediaType, mediaKey: source.mediaKey, mimetype: source.mimetype, filename: source.filename } : {};
  return { body: source.body, media };
}

/** Fills the message variables from the ticket's names (read only when the text has any). */
async function withVariables(auth: AuthContext, ticket: Ticket, text: string): Promise<string> {
  if (!text.includes('{{')) return text;
  const view = await toTicketView(ticket);
  return renderVariables(text, { contactName: view.contact.name, agentName: auth.user.name, ticketId: ticket.id, ticketCreatedAt: ticket.createdAt, queueName: view.queue?.name, connectionName: view.whatsapp?.name });
}

export async function sendMessage(auth: AuthContext, ticketId: number, input: SendMessageBody): Promise<MessageView> {
  const { ticket, settings } = await loadTicketFor(auth, ticketId);
  if (ticket.status === 'closed') throw new AppError('ERR_VALIDATION', [{ path: 'ticket', message: 'the ticket is closed' }]);
  const [connection, contact] = await Promise.all([getConnection(auth.companyId, ticket.whatsappId), getContact(auth.companyId, ticket.contactId)]);
  if (!connection) throw new AppError('ERR_TICKET_NO_WHATSAPP');
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');

  let body: string;
  let media: Media = {};
  const isForward = input.forwardOf !== undefined;
  if (input.forwardOf !== undefined) {
    ({ body, media } = await forwarded(auth, input.forwardOf));
  } else {
    if (input.media) {
      const { mimetype } = await checkUploaded(auth.companyId, input.media);
      media = { mediaType: mediaTypeOf(mimetype), mediaKey: input.media.key, mimetype, filename: input.media.filename };
    }
    body = await withVariables(auth, ticket, input.body);
    if (body && settings.sendSignMessage === 'enabled') body = signed(auth.user.name, body);
  }
  const quoted = input.quotedMsgId ? await getMessage(auth.companyId, ticketId, input.quotedMsgId) : undefined;
  if (input.quotedMsgId && !quoted) throw new AppError('ERR_NO_MESSAGE_FOUND');

  const now = new Date();
  const message: Message = {
    id: newMessageId(now.getTime()),
    companyId: auth.companyId,
    ticketId,
    contactId: contact.id,
    whatsappId: connection.id,
    body,
    fromMe: true,
    ...media,
    ack: 0,
    isDeleted: false,
    isEdited: false,
    isForwarded: isForward || input.isForwarded,
    read: true,
    userId: auth.userId,
    ...(quoted ? { quotedMsgId: quoted.id } : {}),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await putMessageOnce(message);
  const preview = (body || media.filename || `[${media.mediaType}]`).slice(0, LAST_MESSAGE_PREVIEW_CHARS);
  const after = await touchTicket(auth.companyId, ticketId, { preview, at: message.createdAt, inbound: false, resort: needsResort(ticket, message.createdAt) });
  const job: OutboundJob = {
    companyId: auth.companyId,
    whatsappId: connection.id,
    ticketId,
    messageId: message.id,
    chatId: contact.number,
    isGroup: contact.isGroup,
    action: 'send',
    body,
    isForwarded: message.isForwarded,
    ...(media.mediaKey ? { mediaType: media.mediaType, mediaKey: media.mediaKey, mimetype: media.mimetype, filename: media.filename } : {}),
    ...(quoted?.externalId ? { quotedExternalId: quoted.externalId } : {}),
  };
  try {
    await enqueue(isSessionChannel(connection.channel) ? QUEUE.outboundSession : QUEUE.outboundGraph, job, { groupId: chatGroupId(auth.companyId, connection.id, contact.number), dedupId: `send:${message.id}` });
  } catch (err) {
    log.error('outbound enqueue failed', { ticketId, messageId: message.id, err: String(err) });
    await markFailed(auth.companyId, ticketId, message.id, 'could not be queued for sending');
    throw new AppError('ERR_SENDING_WAPP_MSG');
  }
  // The message is stored and queued: a failed total is logged, never a failed send.
  await countMessages(auth.companyId, now, { sent: 1 }).catch((err: unknown) => log.warn('message total not counted', { companyId: auth.companyId, err: String(err) }));
  await publishMessage('create', after ?? ticket, message, undefined, quoted);
  return toMessageView(message, quoted, contact.name);
}
