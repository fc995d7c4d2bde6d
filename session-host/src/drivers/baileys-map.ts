/**
 * Baileys messages → Conversa envelopes (pure: no socket, no I/O). Media content is described
 * here and downloaded by the driver. Also what Baileys answers and throws, read for the platform:
 * `onWhatsApp` answers (the numbers check), "rate-overlimit" errors and ban close codes (the
 * campaign signals of shared/send-signals.ts).
 */
import { getContentType, isJidGroup, jidDecode, normalizeMessageContent, proto, type WAMessage, type WAMessageUpdate } from '@whiskeysockets/baileys';
import type { InboundMessage, InboundUpdate, MediaType } from '@conversa/shared/channels';
import type { SendSignal } from '@conversa/shared/send-signals';
import { ninthDigitVariants } from '@conversa/functions/domain/contacts/numbers';
import { OWN_REACTION } from '@conversa/shared/schemas/messages';

export type SessionRef = { companyId: number; whatsappId: number };
export type MediaInfo = { mediaType: MediaType; mimetype: string; filename: string; size?: number };
export type Mapped = { envelope: InboundMessage | InboundUpdate; media?: MediaInfo };

/** `5511999990000@s.whatsapp.net` → `5511999990000`; groups keep their jid (`…@g.us`). */
export function chatIdOf(jid: string): string {
  if (isJidGroup(jid)) return jid;
  return jidDecode(jid)?.user ?? jid.split('@')[0]!;
}
/** The jid to send to for a chat id. */
export function jidOf(chatId: string, isGroup = false): string {
  if (chatId.includes('@')) return chatId;
  return isGroup ? `${chatId}@g.us` : `${chatId}@s.whatsapp.net`;
}

/** Content types a person sends that the inbox cannot show; any other unknown type is protocol noise. */
const UNRENDERED_CONTENT = new Set(['pollCreationMessage', 'pollCreationMessageV2', 'pollCreationMessageV3', 'eventMessage', 'productMessage', 'orderMessage', 'groupInviteMessage', 'listMessage', 'buttonsMessage', 'interactiveMessage', 'templateMessage']);

const toMs = (ts: WAMessage['messageTimestamp']): number => {
  const n = typeof ts === 'number' ? ts : ts ? Number(ts.toString()) : 0;
  return n > 0 ? n * 1000 : Date.now();
};
const textOf = (m: proto.IMessage | null | undefined): string => m?.conversation ?? m?.extendedTextMessage?.text ?? m?.imageMessage?.caption ?? m?.videoMessage?.caption ?? '';

/** One received (or echoed) message; undefined when it is ignored (status broadcast, protocol noise, unsupported). */
export function mapMessage(msg: WAMessage, ref: SessionRef): Mapped | undefined {
  const key = msg.key;
  const remote = key.remoteJid;
  if (!remote || remote === 'status@broadcast' || remote.endsWith('@newsletter') || remote.endsWith('@broadcast')) return undefined;
  const content = normalizeMessageContent(msg.message);
  if (!content || !key.id) return undefined;
  const type = getContentType(content);
  const group = !!isJidGroup(remote);
  const fromMe = !!key.fromMe;
  // WhatsApp's LID identities: prefer the phone number when the key carries it.
  const k = key as typeof key & { senderPn?: string; participantPn?: string };
  const isLid = remote.endsWith('@lid');
  const chatId = isLid && k.senderPn ? chatIdOf(k.senderPn) : chatIdOf(remote);
  const altIds = isLid && k.senderPn ? [chatIdOf(remote)] : [];
  const senderJid = group ? (k.participantPn ?? key.participant ?? '') : fromMe ? '' : remote;
  const base = { companyId: ref.companyId, whatsappId: ref.whatsappId, chatId, timestamp: toMs(msg.messageTimestamp) };

  if (type === 'protocolMessage') {
    const p = content.protocolMessage!;
    const target = p.key?.id;
    if (!target) return undefined;
    if (p.type === proto.Message.ProtocolMessage.Type.REVOKE) return { envelope: { ...base, kind: 'update', externalId: target, deleted: true } };
    if (p.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) return { envelope: { ...base, kind: 'update', externalId: target, editedBody: textOf(p.editedMessage) } };
    return undefined;
  }
  if (type === 'reactionMessage') {
    const r = content.reactionMessage!;
    if (!r.key?.id) return undefined;
    const from = fromMe ? OWN_REACTION : chatIdOf(senderJid || remote);
    return { envelope: { ...base, kind: 'update', externalId: r.key.id, reaction: { emoji: r.text ?? '', from, fromMe } } };
  }

  let body = '';
  let mediaType: MediaType | undefined;
  let media: MediaInfo | undefined;
  let contextInfo: proto.IContextInfo | null | undefined;
  switch (type) {
    case 'conversation':
      body = content.conversation ?? '';
      break;
    case 'extendedTextMessage':
      body = content.extendedTextMessage?.text ?? '';
      contextInfo = content.extendedTextMessage?.contextInfo;
      break;
    case 'imageMessage':
    case 'videoMessage':
    case 'audioMessage':
    case 'documentMessage':
    case 'stickerMessage': {
      const m = content[type]!;
      const mt: MediaType = type === 'imageMessage' || type === 'stickerMessage' ? 'image' : type === 'videoMessage' ? 'video' : type === 'audioMessage' ? 'audio' : 'application';
      const doc = type === 'documentMessage' ? content.documentMessage! : undefined;
      mediaType = mt;
      body = ('caption' in m ? m.caption : undefined) ?? doc?.fileName ?? '';
      media = { mediaType: mt, mimetype: m.mimetype ?? 'application/octet-stream', filename: doc?.fileName ?? '', ...(m.fileLength ? { size: Number(m.fileLength.toString()) } : {}) };
      contextInfo = m.contextInfo;
      break;
    }
    case 'locationMessage':
    case 'liveLocationMessage': {
      const l = content.locationMessage ?? content.liveLocationMessage!;
      mediaType = 'locationMessage';
      const name = content.locationMessage?.name ?? '';
      body = `geo:${l.degreesLatitude ?? 0},${l.degreesLongitude ?? 0}${name ? `|${name}` : ''}`;
      break;
    }
    case 'contactMessage':
      mediaType = 'contactMessage';
      body = content.contactMessage?.vcard ?? '';
      contextInfo = content.contactMessage?.contextInfo;
      break;
    case 'contactsArrayMessage':
      mediaType = 'contactsArrayMessage';
      body = (content.contactsArrayMessage?.contacts ?? []).map((c) => c.vcard ?? '').join('\n');
      break;
    case 'buttonsResponseMessage':
      body = content.buttonsResponseMessage?.selectedDisplayText ?? '';
      break;
    case 'listResponseMessage':
      body = content.listResponseMessage?.title ?? content.listResponseMessage?.singleSelectReply?.selectedRowId ?? '';
      break;
    case 'templateButtonReplyMessage':
      body = content.templateButtonReplyMessage?.selectedDisplayText ?? '';
      break;
    default:
      // What a person sent that we do not render (polls, events, catalogue items, invites): a
      // placeholder, so the agent knows the customer wrote. Protocol noise stays ignored.
      if (!UNRENDERED_CONTENT.has(type ?? '')) return undefined;
      mediaType = 'unsupported';
  }
  const envelope: InboundMessage = {
    ...base,
    kind: 'message',
    externalId: key.id,
    isGroup: group,
    fromMe,
    contactName: group || fromMe ? '' : (msg.pushName ?? '').slice(0, 200),
    altIds,
    ...(group && senderJid ? { participant: { id: chatIdOf(senderJid), name: fromMe ? '' : (msg.pushName ?? '').slice(0, 200) } } : {}),
    body,
    ...(mediaType ? { mediaType } : {}),
    ...(contextInfo?.stanzaId ? { quotedExternalId: contextInfo.stanzaId } : {}),
  };
  return { envelope, ...(media ? { media } : {}) };
}

/** Baileys' status (ERROR 0, PENDING 1, SERVER_ACK 2, DELIVERY_ACK 3, READ 4, PLAYED 5) → ack (1 sent … 4 played). */
export function mapAck(u: WAMessageUpdate, ref: SessionRef): InboundUpdate | undefined {
  const status = u.update.status;
  if (status === undefined || status === null || !u.key.id || !u.key.remoteJid || !u.key.fromMe) return undefined;
  if (status < 2) return undefined;
  return { kind: 'update', companyId: ref.companyId, whatsappId: ref.whatsappId, externalId: u.key.id, chatId: chatIdOf(u.key.remoteJid), ack: Math.min(4, status - 1), timestamp: Date.now() };
}

/** An incoming call (offer) → a call log message in the chat. */
export function mapCall(call: { id: string; from: string; status: string; date?: Date; isGroup?: boolean; isVideo?: boolean }, ref: SessionRef): InboundMessage | undefined {
  if (call.status !== 'offer' || call.isGroup) return undefined;
  return {
    kind: 'message',
    companyId: ref.companyId,
    whatsappId: ref.whatsappId,
    externalId: `call-${call.id}`,
    chatId: chatIdOf(call.from),
    isGroup: false,
    fromMe: false,
    contactName: '',
    altIds: [],
    body: call.isVideo ? 'Video call' : 'Voice call',
    mediaType: 'call_log',
    timestamp: call.date ? call.date.getTime() : Date.now(),
  };
}

/** A person the account knows, from a Baileys contact or chat; `saved`: the name the account gave them. */
export type KnownPerson = { number: string; name: string; saved: boolean };

/** The phone number of a person's jid (`…@s.whatsapp.net`); groups, LIDs without a phone, broadcasts: none. */
function phoneOf(jid: string | null | undefined): string | undefined {
  if (!jid || !jid.endsWith('@s.whatsapp.net')) return undefined;
  const user = jidDecode(jid)?.user;
  return user && /^\d{8,20}$/.test(user) ? user : undefined;
}

/** A contact (contacts.upsert/update, history sync): its phone and best name. */
export function knownFromContact(c: { id?: string | null; jid?: string | null; name?: string | null; notify?: string | null; verifiedName?: string | null }): KnownPerson | undefined {
  const number = phoneOf(c.jid) ?? phoneOf(c.id);
  if (!number) return undefined;
  if (c.name) return { number, name: c.name, saved: true };
  return { number, name: c.notify || c.verifiedName || '', saved: false };
}

/** A one-to-one chat (history sync, chats.upsert): its phone and the chat's name. */
export function knownFromChat(c: { id?: string | null; name?: string | null; pnJid?: string | null }): KnownPerson | undefined {
  const number = phoneOf(c.pnJid) ?? phoneOf(c.id);
  return number ? { number, name: c.name ?? '', saved: false } : undefined;
}

/**
 * `sock.onWhatsApp(...jids)` → each number's answer, in order. Baileys lists only the numbers that
 * have an account, under the jid WhatsApp knows them by (a Brazilian mobile may come back in its
 * other ninth-digit spelling); a number missing from an answer has none. No answer at all
 * (undefined): nobody knows (null each).
 */
export function mapOnWhatsApp(numbers: readonly string[], answer: readonly { jid: string; exists?: unknown }[] | undefined): (boolean | null)[] {
  if (!answer) return numbers.map(() => null);
  const found = new Set(answer.filter((a) => !!a.exists).map((a) => chatIdOf(a.jid)));
  return numbers.map((n) => ninthDigitVariants(n).some((v) => found.has(v)));
}

/**
 * The signal of a failed call: WhatsApp answers an error node `rate-overlimit` (code 429), which
 * Baileys throws as a Boom with that text and `data: 429`.
 */
export function sendSignalOf(err: unknown): SendSignal | undefined {
  const e = err as { message?: unknown; data?: unknown } | null | undefined;
  return /rate-overlimit/i.test(String(e?.message ?? '')) || e?.data === 429 ? 'rate_limit' : undefined;
}

/**
 * Close codes that mean the number is banned: 403 (DisconnectReason.forbidden, WhatsApp's
 * "locked"), 402 (temporarily banned, with the ban's end) and 406 (banned).
 */
export const BANNED_CLOSE_CODES: readonly number[] = [402, 403, 406];
export const closeSignal = (code: number | undefined): SendSignal | undefined => (code !== undefined && BANNED_CLOSE_CODES.includes(code) ? 'banned' : undefined);
