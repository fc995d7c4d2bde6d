/**
 * An inbound message through BEHAVIOUR.md steps 1–7: dedupe, contact, ticket, message, counters,
 * then `message.created` for the consumers (domain/events/dispatch.ts: realtime, the queue bot for
 * steps 8–10). Three writes for a message on an existing ticket: the message (conditional: the
 * idempotency check), its external-id index, and the ticket update.
 */
import { lastMessagePreview, type InboundMessage } from '@conversa/shared/channels';
import { UPLOAD_LIMIT_BYTES } from '@conversa/shared/constants';
import { errorText } from '@conversa/shared/errors';
import { resolveSecretRef } from '../../adapters/channel-secrets';
import type { Connection } from '../../adapters/db/connections';
import { downloadCdnMedia, downloadMedia, GraphError, isGraphRef } from '../../adapters/graph';
import { inboundMediaKey, isCompanyKey, putMedia } from '../../adapters/media';
import type { Contact } from '../../adapters/db/contacts';
import { getAwaited, type AwaitedConfirmation } from '../../adapters/db/campaign-runs';
import { channelMessageId, findExternalRef, getMessage, indexExternal, putMessageOnce, type Message } from '../../adapters/db/messages';
import { getTicket, needsResort, touchTicket } from '../../adapters/db/tickets';
import { log } from '../../lib/log';
import { consumeConfirmation, confirmationDigits } from '../campaigns/confirm';
import { readCampaignMessageId } from '../campaigns/message-ref';
import { withChannelProfile } from '../contacts/channel-profile';
import { resolveContact } from '../contacts/resolve-contact';
import { emit, emitRedelivered, HeldGone } from '../events/dispatch';
import { ratedTicket } from '../ratings/rating-answer';
import { resolveTicket } from '../tickets/resolve-ticket';
import { prefetch, remember } from './prefetch';

export type ReceiveOutcome = 'stored' | 'duplicate' | 'ignored' | 'consumed';

/** The awaited confirmation of the message's number on its connection, if any. */
async function awaitedFor(m: InboundMessage): Promise<AwaitedConfirmation | undefined> {
  const digits = confirmationDigits(m);
  return digits ? getAwaited(m.companyId, m.whatsappId, digits) : undefined;
}

/** Deliveries of one record (SQS ApproximateReceiveCount); a retryable media failure is retried below this. */
export const MEDIA_TRIES = 4;

/**
 * Media a webhook only referenced (`media.url`, no `key`): downloaded and put in S3 before any
 * write, so a retry repeats nothing. Graph references (graph.ts mediaRefUrl) are fetched with the
 * connection's token, Messenger/Instagram CDN URLs without one. A retryable failure (429, 5xx,
 * network) throws while `attempt < MEDIA_TRIES` so the queue tries again; any other failure, or
 * the last try, keeps the message with a text saying the media could not be downloaded.
 */
async function fetchMedia(m: InboundMessage, connection: Connection, attempt: number): Promise<InboundMessage> {
  const url = m.media?.url;
  if (!m.media || !url || m.media.key) return m;
  try {
    let got: { bytes: Buffer; mimetype?: string };
    if (isGraphRef(url)) {
      const token = await resolveSecretRef(connection.provider?.accessTokenRef);
      if (!token) throw new GraphError(`connection ${connection.id} has no access token`, 0, false);
      got = await downloadMedia(url, token, UPLOAD_LIMIT_BYTES);
    } else got = await downloadCdnMedia(url, UPLOAD_LIMIT_BYTES);
    const key = inboundMediaKey(m.companyId, m.whatsappId, m.externalId);
    const mimetype = (m.media.mimetype || got.mimetype || 'application/octet-stream').slice(0, 200);
    await putMedia(key, got.bytes, mimetype, m.media.filename || undefined);
    return { ...m, media: { ...m.media, key, mimetype } };
  } catch (err) {
    const retryable = err instanceof GraphError ? err.retryable : true;
    if (retryable && attempt < MEDIA_TRIES) throw err;
    log.warn('inbound: media not downloaded, message kept without it', { companyId: m.companyId, whatsappId: m.whatsappId, externalId: m.externalId, attempt, err: (err as Error).message });
    const note = (await errorText('ERR_WAPP_DOWNLOAD_MEDIA')) + (m.media.filename ? ` (${m.media.filename})` : '');
    const caption = m.body && m.body !== m.media.filename ? `\n${m.body}` : '';
    const { media: _media, mediaType: _type, ...rest } = m;
    return { ...rest, body: note + caption, mediaError: 'ERR_WAPP_DOWNLOAD_MEDIA' };
  }
}

/** The message's event: what it is, where it went. */
const created = (m: InboundMessage, ref: { ticketId: number; messageId: string }, contactId: number) =>
  ({ type: 'message.created', companyId: m.companyId, ticketId: ref.ticketId, messageId: ref.messageId, contactId, whatsappId: m.whatsappId, fromMe: m.fromMe, isGroup: m.isGroup, source: 'channel', createdAt: new Date(m.timestamp).toISOString() }) as const;

/**
 * A record an earlier delivery stored (a crash after the message was written, or the same channel
 * message twice): its event once more, for the consumers that finish what that delivery may have
 * left (the bot's turn; its replies are not repeated). The ticket and message are read only if one asks.
 */
function redelivered(m: InboundMessage, ref: { ticketId: number; messageId: string }, connection: Connection, contact: Contact): Promise<void> {
  return emitRedelivered(created(m, ref, contact.id), async () => {
    const [ticket, message] = await Promise.all([getTicket(m.companyId, ref.ticketId), getMessage(m.companyId, ref.ticketId, ref.messageId)]);
    if (!ticket || !message) throw new HeldGone();
    return { ticket, message, contact, connection };
  });
}

export async function receiveMessage(m: InboundMessage, conn?: Connection, opts: { attempt?: number } = {}): Promise<ReceiveOutcome> {
  // The phone's echo of a campaign send: its id names the recipient (campaigns/message-ref.ts), no ticket.
  if (m.fromMe && readCampaignMessageId(m.companyId, m.externalId)) return 'duplicate';
  const known = conn ? {} : await prefetch(m);
  const connection = conn ?? known.connection;
  if (!connection) {
    log.warn('inbound for an unknown connection', { companyId: m.companyId, whatsappId: m.whatsappId });
    return 'ignored';
  }
  // Step 1: status broadcasts are not conversations; groups only where the connection allows them.
  if (m.chatId === 'status@broadcast' || (m.isGroup && !connection.allowGroups)) return 'ignored';
  // Steps 1–2: a message seen before (a redelivery, or our own send echoing back) changes nothing.
  // The contact is resolved alongside the check: finding or creating it is idempotent, and a
  // duplicate's contact exists already.
  const [seen, found] = await Promise.all([
    conn ? findExternalRef(m.companyId, m.whatsappId, m.externalId) : known.seen,
    resolveContact(m.companyId, connection.channel, m, known.contact?.id === known.primaryContactId ? known : { primaryContactId: known.primaryContactId }),
  ]);
  if (seen) {
    await redelivered(m, seen, connection, found);
    return 'duplicate';
  }
  // The answer a confirmation campaign awaited from this number is consumed (BEHAVIOUR.md "Campaigns": no ticket).
  const awaited = conn ? await awaitedFor(m) : known.awaited;
  if (awaited && (await consumeConfirmation(m, awaited))) return 'consumed';
  m = await fetchMedia(m, connection, opts.attempt ?? 1);
  if (m.media?.key && !isCompanyKey(m.companyId, m.media.key)) {
    // A key the envelope names must be one stored for this company; another one is never attached.
    log.warn('inbound: media key outside the company, message kept without it', { companyId: m.companyId, whatsappId: m.whatsappId, externalId: m.externalId });
    const { media: _media, mediaType: _type, ...rest } = m;
    m = m.body ? rest : { ...rest, body: await errorText('ERR_WAPP_DOWNLOAD_MEDIA'), mediaError: 'ERR_WAPP_DOWNLOAD_MEDIA' };
  }

  // A blocked contact (PUT /contacts/block/{id}, active false) opens no ticket and stores nothing.
  if (found.active === false) return 'ignored';
  // Messenger / Instagram: the customer's name and picture instead of their page-scoped id.
  const contact = await withChannelProfile(connection, found);
  const at = new Date(m.timestamp);
  const read = known.contact?.id === contact.id ? known : {};
  // Step 5: a closed ticket waiting for a rating takes the reply first; a rating stays on that ticket.
  const rated = await ratedTicket(connection, contact, m, at, read);
  const { ticket } = rated ? { ticket: rated } : await resolveTicket(connection, contact, at, read);
  remember(m, connection.channel, contact.id, ticket.id);
  const now = new Date().toISOString();
  const message: Message = {
    id: channelMessageId(m.timestamp, m.externalId, m.receivedAt),
    companyId: m.companyId,
    ticketId: ticket.id,
    contactId: contact.id,
    whatsappId: m.whatsappId,
    body: m.body,
    fromMe: m.fromMe,
    ...(m.mediaType ? { mediaType: m.mediaType } : {}),
    ...(m.media?.key ? { mediaKey: m.media.key, mimetype: m.media.mimetype, filename: m.media.filename } : {}),
    ...(m.mediaError ? { mediaError: m.mediaError } : {}),
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
    const quoted = await findExternalRef(m.companyId, m.whatsappId, m.quotedExternalId);
    if (quoted) message.quotedMsgId = quoted.messageId;
  }
  const first = await putMessageOnce(message);
  // The index only after the message (a crash between them must not make the message look seen);
  // the ticket update alongside it. A redelivery after a crash finishes the index and leaves
  // counters alone.
  const index = indexExternal(m.companyId, m.whatsappId, m.externalId, ticket.id, message.id);
  if (!first) {
    await Promise.all([index, redelivered(m, { ticketId: ticket.id, messageId: message.id }, connection, contact)]);
    return 'duplicate';
  }
  const [after] = await Promise.all([touchTicket(m.companyId, ticket.id, { preview: lastMessagePreview({ body: m.body, mediaType: m.mediaType, filename: m.media?.filename }), at: at.toISOString(), inbound: !m.fromMe, resort: needsResort(ticket, at.toISOString()) }), index]);
  await emit(created(m, { ticketId: ticket.id, messageId: message.id }, contact.id), { ticket: after ?? ticket, message, contact, connection });
  return 'stored';
}
