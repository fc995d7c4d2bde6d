/**
 * An inbound message through BEHAVIOUR.md steps 1–7: dedupe, contact, ticket, message, counters,
 * events. Three writes for a message on an existing ticket: the message (conditional: the
 * idempotency check), its external-id index, and the ticket update.
 */
import type { InboundMessage } from '@conversa/shared/channels';
import { getConnection, type Connection } from '../../adapters/db/connections';
import { channelMessageId, findExternal, indexExternal, putMessageOnce, type Message } from '../../adapters/db/messages';
import { touchTicket } from '../../adapters/db/tickets';
import { log } from '../../lib/log';
import { resolveContact } from '../contacts/resolve-contact';
import { resolveTicket } from '../tickets/resolve-ticket';
import { publishMessage } from './ticket-events';

export type ReceiveOutcome = 'stored' | 'duplicate' | 'ignored';

const PREVIEW_CHARS = 255;

function preview(m: InboundMessage): string {
  if (m.body) return m.body.slice(0, PREVIEW_CHARS);
  return m.mediaType ? `[${m.mediaType}]` : '';
}

export async function receiveMessage(m: InboundMessage, conn?: Connection): Promise<ReceiveOutcome> {
  const connection = conn ?? (await getConnection(m.companyId, m.whatsappId));
  if (!connection) {
    log.warn('inbound for an unknown connection', { companyId: m.companyId, whatsappId: m.whatsappId });
    return 'ignored';
  }
  // Step 1: status broadcasts are not conversations; groups only where the connection allows them.
  if (m.chatId === 'status@broadcast' || (m.isGroup && !connection.allowGroups)) return 'ignored';
  // Steps 1–2: a message seen before (a redelivery, or our own send echoing back) changes nothing.
  if (await findExternal(m.companyId, m.whatsappId, m.externalId)) return 'duplicate';

  const contact = await resolveContact(m.companyId, connection.channel, m);
  const at = new Date(m.timestamp);
  const { ticket } = await resolveTicket(connection, contact, at);
  const now = new Date().toISOString();
  const message: Message = {
    id: channelMessageId(m.timestamp, m.externalId),
    companyId: m.companyId,
    ticketId: ticket.id,
    contactId: contact.id,
    whatsappId: m.whatsappId,
    body: m.body,
    fromMe: m.fromMe,
    ...(m.mediaType ? { mediaType: m.mediaType } : {}),
    ...(m.media?.key ? { mediaKey: m.media.key, mimetype: m.media.mimetype, filename: m.media.filename } : {}),
    ack: m.fromMe ? 1 : 0,
    externalId: m.externalId,
    ...(m.participant ? { participant: m.participant } : {}),
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    read: m.fromMe,
    createdAt: at.toISOString(),
    updatedAt: now,
  };
  if (m.quotedExternalId) {
    const quoted = await findExternal(m.companyId, m.whatsappId, m.quotedExternalId);
    if (quoted) message.quotedMsgId = quoted.messageId;
  }
  const first = await putMessageOnce(message);
  await indexExternal(m.companyId, m.whatsappId, m.externalId, ticket.id, message.id);
  // A redelivery after a crash between the writes finishes the index and leaves counters alone.
  if (!first) return 'duplicate';
  const after = await touchTicket(m.companyId, ticket.id, { preview: preview(m), at: at.toISOString(), inbound: !m.fromMe });
  await publishMessage('create', after ?? ticket, message, contact);
  return 'stored';
}
