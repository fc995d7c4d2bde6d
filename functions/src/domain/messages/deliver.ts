/**
 * The outbound path every sender shares (DESIGN.md "Outbound"): the message stored with ack 0 and
 * the ticket's lastMessage updated, then queued for the channel's sender (session host or Graph
 * worker) and `message.created` emitted. Agents' messages (send-message.ts) and the platform's own (bot
 * menus, greetings, farewells, rating menus, out-of-hours notices: `sendSystemMessage`) go through
 * here. The dashboard's sent total counts it from the table's stream (workers/message-totals.ts).
 */
import { lastMessagePreview, type OutboundJob } from '@conversa/shared/channels';
import { getConnection, type Connection } from '../../adapters/db/connections';
import { getContact, type Contact } from '../../adapters/db/contacts';
import { channelMessageId, markFailed, newMessageId, putMessageOnce, type Message } from '../../adapters/db/messages';
import { getTicket, needsResort, touchTicket, type Ticket } from '../../adapters/db/tickets';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import { emit } from '../events/dispatch';
import { queueOutbound } from './queue-outbound';

/** A message's file; `voiceNote` says how an audio goes (OutboundJob.voiceNote), and is not stored. */
export type Media = Pick<Message, 'mediaType' | 'mediaKey' | 'mimetype' | 'filename'> & { voiceNote?: boolean };

export type Delivery = {
  ticket: Ticket;
  connection: Connection;
  contact: Contact;
  body: string;
  media?: Media;
  quoted?: Message;
  isForwarded?: boolean;
  /** The agent who wrote it; absent for the platform's own messages. */
  userId?: number;
  /**
   * Makes the send idempotent: the same key always stores the same message id and queues one
   * send, so a retried inbound record never answers twice. Absent = a fresh id.
   */
  idempotencyKey?: string;
  at?: Date;
};

/**
 * Stores, queues and publishes one outgoing message; answers the stored message, or undefined when
 * `idempotencyKey` names a message stored before (nothing is sent again).
 */
export async function deliver(d: Delivery): Promise<Message | undefined> {
  const { ticket, connection, contact, body, quoted } = d;
  const { voiceNote, ...media } = d.media ?? {};
  const now = d.at ?? new Date();
  const cid = ticket.companyId;
  const message: Message = {
    id: d.idempotencyKey ? channelMessageId(now.getTime(), `out:${d.idempotencyKey}`) : newMessageId(now.getTime()),
    companyId: cid,
    ticketId: ticket.id,
    contactId: contact.id,
    whatsappId: connection.id,
    body,
    fromMe: true,
    ...media,
    ack: 0,
    isDeleted: false,
    isEdited: false,
    isForwarded: d.isForwarded ?? false,
    read: true,
    ...(d.userId !== undefined ? { userId: d.userId } : {}),
    ...(quoted ? { quotedMsgId: quoted.id } : {}),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  if (!(await putMessageOnce(message)) && d.idempotencyKey) return undefined;
  const preview = lastMessagePreview({ body, mediaType: media.mediaType, filename: media.filename });
  const after = await touchTicket(cid, ticket.id, { preview, at: message.createdAt, inbound: false, resort: needsResort(ticket, message.createdAt) });
  const job: OutboundJob = {
    companyId: cid,
    whatsappId: connection.id,
    ticketId: ticket.id,
    messageId: message.id,
    chatId: contact.number,
    isGroup: contact.isGroup,
    action: 'send',
    body,
    isForwarded: message.isForwarded,
    ...(media.mediaKey ? { mediaType: media.mediaType, mediaKey: media.mediaKey, mimetype: media.mimetype, filename: media.filename } : {}),
    ...(media.mediaKey && voiceNote !== undefined ? { voiceNote } : {}),
    ...(quoted?.externalId ? { quotedExternalId: quoted.externalId } : {}),
  };
  try {
    await queueOutbound(connection.channel, job, `send:${message.id}`);
  } catch (err) {
    log.error('outbound enqueue failed', { ticketId: ticket.id, messageId: message.id, err: String(err) });
    await markFailed(cid, ticket.id, message.id, 'could not be queued for sending');
    throw new AppError('ERR_SENDING_WAPP_MSG');
  }
  await emit(
    { type: 'message.created', companyId: cid, ticketId: ticket.id, messageId: message.id, contactId: contact.id, whatsappId: connection.id, fromMe: true, isGroup: ticket.isGroup, source: 'platform', createdAt: message.createdAt },
    { ticket: after ?? ticket, message, contact, connection, quoted },
  );
  return message;
}

/**
 * A message the platform sends on a ticket by itself (no agent, no signature): the bot's menus
 * and greetings, farewells, rating menus, out-of-hours notices. Loads what the caller does not
 * hold. `idempotencyKey` (e.g. `<inbound message id>:menu`) keeps a retried record from sending
 * twice. Answers undefined when nothing was sent (a repeat, or the connection/contact is gone).
 */
export async function sendSystemMessage(
  ticket: Ticket,
  body: string,
  opts: { media?: Media; idempotencyKey?: string; connection?: Connection; contact?: Contact; at?: Date } = {},
): Promise<Message | undefined> {
  const cid = ticket.companyId;
  const [connection, contact] = await Promise.all([opts.connection ?? getConnection(cid, ticket.whatsappId), opts.contact ?? getContact(cid, ticket.contactId)]);
  if (!connection || !contact) {
    log.warn('system message not sent: connection or contact gone', { companyId: cid, ticketId: ticket.id });
    return undefined;
  }
  const fresh = (await getTicket(cid, ticket.id)) ?? ticket;
  return deliver({ ticket: fresh, connection, contact, body, media: opts.media, idempotencyKey: opts.idempotencyKey, at: opts.at });
}
