/** WhatsApp Cloud API webhook (`whatsapp_business_account`) → drafts per phone number id. */
import type { MediaType } from '@conversa/shared/channels';
import { CloudValue, type CloudMessage } from './payloads';
import { clip, type AccountDrafts, type Draft, type MessageDraft } from './drafts';

const MEDIA: Record<string, MediaType> = { image: 'image', sticker: 'image', audio: 'audio', video: 'video', document: 'application' };
const ACKS: Record<string, number> = { sent: 1, delivered: 2, read: 3 };

export const mapsLink = (lat: number, lng: number): string => `https://maps.google.com/maps?q=${lat}%2C${lng}&z=17`;

/** A vCard 3.0 value: backslash, comma, semicolon and line breaks escaped (RFC 2426 §4). */
const esc = (v: string | undefined): string => (v ?? '').replace(/\\/g, '\\\\').replace(/([,;])/g, '\\$1').replace(/\r?\n/g, '\\n');
const typed = (prop: string, type: string | undefined, value: string) => `${prop}${type ? `;type=${type.toUpperCase()}` : ''}:${value}`;

/**
 * A shared contact as a whole vCard: name, numbers (with their WhatsApp ids), e-mails,
 * organisation and title, addresses, web sites and birthday, as the Cloud API delivers them.
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/contacts
 */
function vcard(c: NonNullable<CloudMessage['contacts']>[number]): string {
  const n = c.name ?? {};
  const fn = n.formatted_name ?? [n.prefix, n.first_name, n.middle_name, n.last_name, n.suffix].filter(Boolean).join(' ');
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:${[n.last_name, n.first_name, n.middle_name, n.prefix, n.suffix].map(esc).join(';')}`, `FN:${esc(fn)}`];
  if (c.org?.company || c.org?.department) lines.push(`ORG:${[c.org.company, c.org.department].filter(Boolean).map(esc).join(';')}`);
  if (c.org?.title) lines.push(`TITLE:${esc(c.org.title)}`);
  for (const p of c.phones ?? []) lines.push(`TEL;type=${(p.type ?? 'CELL').toUpperCase()}${p.wa_id ? `;waid=${p.wa_id}` : ''}:${esc(p.phone ?? p.wa_id)}`);
  for (const e of c.emails ?? []) if (e.email) lines.push(typed('EMAIL', e.type, esc(e.email)));
  for (const a of c.addresses ?? []) {
    const parts = ['', '', a.street, a.city, a.state, a.zip, a.country ?? a.country_code];
    if (parts.some(Boolean)) lines.push(typed('ADR', a.type, parts.map(esc).join(';')));
  }
  for (const u of c.urls ?? []) if (u.url) lines.push(typed('URL', u.type, esc(u.url)));
  if (c.birthday) lines.push(`BDAY:${esc(c.birthday)}`);
  return [...lines, 'END:VCARD'].join('\n');
}

/** One customer message; undefined for types the platform does not handle (BEHAVIOUR.md 1). */
function message(m: CloudMessage, contactName: string): Draft | undefined {
  const ts = m.timestamp * 1000 || Date.now();
  if (m.type === 'reaction' && m.reaction) {
    return {
      dedupId: `react:${m.id}`,
      envelope: { kind: 'update', externalId: m.reaction.message_id, chatId: m.from, reaction: { emoji: m.reaction.emoji ?? '', from: m.from, fromMe: false }, timestamp: ts },
    };
  }
  const base: MessageDraft = {
    kind: 'message',
    externalId: m.id,
    chatId: m.from,
    isGroup: false,
    fromMe: false,
    contactName: clip(contactName, 200),
    altIds: [],
    body: '',
    timestamp: ts,
    ...(m.context?.id ? { quotedExternalId: m.context.id } : {}),
  };
  const media = MEDIA[m.type];
  if (media) {
    const obj = m[m.type as 'image' | 'audio' | 'video' | 'document' | 'sticker'];
    if (!obj) return undefined;
    const mimetype = obj.mime_type ?? 'application/octet-stream';
    const filename = clip(obj.filename ?? '', 300);
    return { dedupId: `msg:${m.id}`, envelope: { ...base, body: obj.caption ?? filename, mediaType: media, mediaRef: { id: obj.id, mimetype, filename } } };
  }
  let body: string | undefined;
  let mediaType: MediaType | undefined;
  switch (m.type) {
    case 'text':
      body = m.text?.body;
      break;
    case 'location':
      if (m.location) {
        const place = [m.location.name, m.location.address].filter(Boolean).join(' - ');
        body = mapsLink(m.location.latitude, m.location.longitude) + (place ? `\n${place}` : '');
        mediaType = 'locationMessage';
      }
      break;
    case 'contacts':
      if (m.contacts?.length) {
        body = m.contacts.map(vcard).join('\n');
        mediaType = m.contacts.length === 1 ? 'contactMessage' : 'contactsArrayMessage';
      }
      break;
    case 'interactive':
      body = m.interactive?.button_reply?.title ?? m.interactive?.list_reply?.title;
      break;
    case 'button':
      body = m.button?.text;
      break;
    // A type the Cloud API does not deliver (its webhook says `type: unsupported`, formerly
    // `unknown`, error 131051): kept as a placeholder so the agent knows the customer wrote.
    // https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/unsupported
    case 'unsupported':
    case 'unknown':
      body = '';
      mediaType = 'unsupported';
      break;
  }
  if (body === undefined) return undefined;
  return { dedupId: `msg:${m.id}`, envelope: { ...base, body: clip(body, 65_536), ...(mediaType ? { mediaType } : {}) } };
}

/** Throws the zod error of a malformed `messages` change. */
export function mapCloudEntry(entry: { changes: { field: string; value: unknown }[] }): AccountDrafts[] {
  const out: AccountDrafts[] = [];
  for (const change of entry.changes) {
    if (change.field !== 'messages') continue; // template, quality and account updates: not ours
    const value = CloudValue.parse(change.value);
    const names = new Map((value.contacts ?? []).map((c) => [c.wa_id, c.profile?.name ?? '']));
    const drafts: Draft[] = [];
    for (const m of value.messages ?? []) {
      const d = message(m, names.get(m.from) ?? '');
      if (d) drafts.push(d);
    }
    for (const s of value.statuses ?? []) {
      const ts = s.timestamp * 1000 || Date.now();
      const ack = ACKS[s.status];
      const ref = s.biz_opaque_callback_data ? { ref: s.biz_opaque_callback_data } : {};
      if (ack !== undefined) {
        drafts.push({ dedupId: `ack:${s.id}:${s.status}`, envelope: { kind: 'update', externalId: s.id, chatId: s.recipient_id, ack, timestamp: ts, ...ref } });
      } else if (s.status === 'failed') {
        const e = s.errors?.[0];
        const error = clip([e?.code, e?.title ?? e?.message].filter((x) => x !== undefined && x !== '').join(' ') || 'failed', 500);
        drafts.push({ dedupId: `ack:${s.id}:failed`, envelope: { kind: 'update', externalId: s.id, chatId: s.recipient_id, error, timestamp: ts, ...ref } });
      }
    }
    out.push({ account: value.metadata.phone_number_id, drafts });
  }
  return out;
}
