/**
 * Messenger (`page`) and Instagram (`instagram`) webhooks → drafts per page / IG account id.
 * The chat is the customer's page-scoped id; an echo (a message the page sent, from Meta's inbox
 * or from us) has the customer as recipient and is marked fromMe.
 */
import type { MediaType } from '@conversa/shared/channels';
import type { MessagingEvent, MessagingPayload } from './payloads';
import { clip, type AccountDrafts, type Draft, type MessageDraft } from './drafts';
import { mapsLink } from './map-cloud';

const MEDIA: Record<string, MediaType> = { image: 'image', audio: 'audio', video: 'video', file: 'application' };
const MIME: Record<string, string> = { image: 'image/jpeg', audio: 'audio/mpeg', video: 'video/mp4', file: 'application/octet-stream' };

function isHttpUrl(u: string | undefined): u is string {
  if (!u) return false;
  try {
    return ['http:', 'https:'].includes(new URL(u).protocol) && u.length <= 2048;
  } catch {
    return false;
  }
}

function fileName(url: string): string {
  try {
    return clip(decodeURIComponent(new URL(url).pathname.split('/').pop() ?? ''), 300);
  } catch {
    return '';
  }
}

function events(ev: MessagingEvent, account: string): Draft[] {
  const ts = ev.timestamp || Date.now();
  const fromMe = ev.message?.is_echo === true || ev.sender.id === account;
  const chatId = fromMe ? ev.recipient.id : ev.sender.id;
  const out: Draft[] = [];
  const msg = ev.message;
  if (msg?.is_deleted) {
    out.push({ dedupId: `del:${msg.mid}`, envelope: { kind: 'update', externalId: msg.mid, chatId, deleted: true, timestamp: ts } });
  } else if (msg) {
    const base: MessageDraft = {
      kind: 'message',
      externalId: msg.mid,
      chatId,
      isGroup: false,
      fromMe,
      contactName: '',
      altIds: [],
      body: clip(msg.text, 65_536),
      timestamp: ts,
      ...(msg.reply_to?.mid ? { quotedExternalId: msg.reply_to.mid } : {}),
    };
    const atts = msg.is_unsupported ? [] : (msg.attachments ?? []);
    // Content Meta does not deliver (`is_unsupported`): a placeholder, so the agent knows the customer wrote.
    if (msg.is_unsupported) out.push({ dedupId: `msg:${msg.mid}`, envelope: { ...base, body: '', mediaType: 'unsupported' } });
    else if (!atts.length && msg.text !== undefined) out.push({ dedupId: `msg:${msg.mid}`, envelope: base });
    // Several attachments in one message: one stored message each (ids suffixed after the first).
    atts.forEach((a, i) => {
      const externalId = i === 0 ? msg.mid : clip(`${msg.mid}#${i}`, 200);
      const env: MessageDraft = { ...base, externalId, body: i === 0 ? base.body : '' };
      const url = a.payload?.url;
      const media = MEDIA[a.type];
      if (a.type === 'location' && a.payload?.coordinates) {
        const place = a.payload.title ? `\n${a.payload.title}` : '';
        out.push({ dedupId: `msg:${externalId}`, envelope: { ...env, body: mapsLink(a.payload.coordinates.lat, a.payload.coordinates.long) + place, mediaType: 'locationMessage' } });
      } else if (media && isHttpUrl(url)) {
        out.push({ dedupId: `msg:${externalId}`, envelope: { ...env, mediaType: media, media: { url, mimetype: MIME[a.type]!, filename: fileName(url) } } });
      } else if (isHttpUrl(url)) {
        // Shares, reels, story mentions, fallbacks: the link as text.
        out.push({ dedupId: `msg:${externalId}`, envelope: { ...env, body: [env.body, a.payload?.title, url].filter(Boolean).join('\n') } });
      }
    });
  }
  if (ev.postback && (ev.postback.title || ev.postback.payload)) {
    const id = ev.postback.mid ?? `postback:${ev.sender.id}:${ts}`;
    out.push({ dedupId: `msg:${id}`, envelope: { kind: 'message', externalId: clip(id, 200), chatId, isGroup: false, fromMe: false, contactName: '', altIds: [], body: clip(ev.postback.title ?? ev.postback.payload, 65_536), timestamp: ts } });
  }
  for (const mid of ev.delivery?.mids ?? []) {
    out.push({ dedupId: `ack:${mid}:delivered`, envelope: { kind: 'update', externalId: mid, chatId, ack: 2, timestamp: ts } });
  }
  // Messenger receipts may name no message, only a watermark: everything the page sent up to it
  // was delivered / read (message_deliveries, message_reads webhook references). Instagram names
  // the message read.
  const watermark = (ack: 2 | 3, at: number): Draft => ({ dedupId: `wm:${chatId}:${ack}:${at}`, envelope: { kind: 'watermark', chatId, ack, watermark: at, timestamp: ts } });
  if (!ev.delivery?.mids?.length && ev.delivery?.watermark) out.push(watermark(2, ev.delivery.watermark));
  if (ev.read?.mid) out.push({ dedupId: `ack:${ev.read.mid}:read`, envelope: { kind: 'update', externalId: ev.read.mid, chatId, ack: 3, timestamp: ts } });
  else if (ev.read?.watermark) out.push(watermark(3, ev.read.watermark));
  if (ev.reaction) {
    const emoji = ev.reaction.action === 'unreact' ? '' : (ev.reaction.emoji ?? ev.reaction.reaction ?? '');
    out.push({
      dedupId: `react:${ev.reaction.mid}:${ev.sender.id}:${ev.reaction.action ?? 'react'}:${ts}`,
      envelope: { kind: 'update', externalId: ev.reaction.mid, chatId, reaction: { emoji: clip(emoji, 32), from: ev.sender.id, fromMe }, timestamp: ts },
    });
  }
  if (ev.message_edit) {
    out.push({ dedupId: `edit:${ev.message_edit.mid}:${ts}`, envelope: { kind: 'update', externalId: ev.message_edit.mid, chatId, editedBody: clip(ev.message_edit.text, 65_536), timestamp: ts } });
  }
  return out;
}

export function mapMessagingEntry(entry: MessagingPayload['entry'][number]): AccountDrafts {
  return { account: entry.id, drafts: (entry.messaging ?? []).flatMap((ev) => events(ev, entry.id)) };
}
