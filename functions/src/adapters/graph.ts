/**
 * The Graph API over fetch: the WhatsApp Cloud API (`POST /{phone-number-id}/messages`) and the
 * Messenger / Instagram Send API (`POST /{page-id}/messages`). Base URL from env `GRAPH_BASE_URL`
 * (default https://graph.facebook.com; tests point it at test/support/fake-graph.ts).
 * A failure is a GraphError with a reason string; `retryable` (429, 5xx, network, Meta's rate
 * limit codes) means "let SQS try again", the rest is permanent. `signal` names the codes that
 * say the number is being limited or blocked (shared/send-signals.ts): a campaign pauses on them.
 * Cloud API templates: the WABA's approved ones are listed (listMessageTemplates) and sent
 * (`type: 'template'`, body parameters).
 */
import type { SendSignal } from '@conversa/shared/send-signals';

export const GRAPH_VERSION = 'v21.0';
const TIMEOUT_MS = 15_000;

export const graphBaseUrl = (): string => (process.env.GRAPH_BASE_URL || 'https://graph.facebook.com').replace(/\/+$/, '');
export const graphUrl = (path: string): string => `${graphBaseUrl()}/${GRAPH_VERSION}/${path.replace(/^\/+/, '')}`;

/** Meta error codes that mean "slow down / try later". */
const RETRYABLE_CODES = new Set([1, 2, 4, 17, 32, 341, 613, 80007, 130429, 131000, 131016, 131048, 131056]);

/**
 * Cloud API codes that mean the number is limited or blocked (BEHAVIOUR.md "Campaigns"): 131048
 * spam rate limit hit, 131056 pair (business, consumer) rate limit hit, 368 temporarily blocked
 * for policies violations.
 */
const SIGNAL_CODES: ReadonlyMap<number, SendSignal> = new Map([
  [131048, 'rate_limit'],
  [131056, 'rate_limit'],
  [368, 'banned'],
]);
export const graphSignal = (code: number | undefined): SendSignal | undefined => (code === undefined ? undefined : SIGNAL_CODES.get(code));

export class GraphError extends Error {
  /** Set when Meta's code says the number is being limited or blocked. */
  readonly signal?: SendSignal;
  constructor(
    readonly reason: string,
    readonly status: number,
    readonly retryable: boolean,
    readonly code?: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(reason);
    this.name = 'GraphError';
    const signal = graphSignal(code);
    if (signal) this.signal = signal;
  }
}

type GraphErrorBody = { error?: { message?: string; type?: string; code?: number; error_subcode?: number; error_data?: { details?: string } } };

function retryAfter(h: string | null): number | undefined {
  if (!h) return undefined;
  const n = Number(h);
  if (Number.isFinite(n)) return Math.max(0, Math.ceil(n));
  const at = Date.parse(h);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

async function toError(res: Response): Promise<GraphError> {
  let body: GraphErrorBody = {};
  try {
    body = (await res.json()) as GraphErrorBody;
  } catch {
    /* not JSON */
  }
  const e = body.error ?? {};
  const detail = e.error_data?.details ? ` (${e.error_data.details})` : '';
  const reason = `graph ${res.status}${e.code !== undefined ? ` #${e.code}` : ''}: ${e.message ?? res.statusText ?? 'error'}${detail}`.slice(0, 500);
  const retryable = res.status === 429 || res.status >= 500 || (e.code !== undefined && RETRYABLE_CODES.has(e.code));
  return new GraphError(reason, res.status, retryable, e.code, retryAfter(res.headers.get('retry-after')));
}

/** One Graph call; answers the JSON body or throws a GraphError. */
export async function graphFetch<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, token: string, body?: unknown | FormData, timeoutMs = TIMEOUT_MS): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path.startsWith('http') ? path : graphUrl(path), {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new GraphError(`graph network error: ${(err as Error).message}`.slice(0, 500), 0, true);
  }
  if (!res.ok) throw await toError(res);
  return (await res.json().catch(() => ({}))) as T;
}

// ---- profiles ------------------------------------------------------------------------------

export type GraphProfile = { name?: string; pictureUrl?: string };

const httpsUrl = (u: unknown): string | undefined => {
  if (typeof u !== 'string' || u.length > 2048) return undefined;
  try {
    return new URL(u).protocol === 'https:' ? u : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The customer's public profile with the page's token: Messenger's User Profile API (PSID:
 * `name`, `first_name`, `last_name`, `profile_pic`) and Instagram's (IGSID: `name`, which may be
 * null, `username`, `profile_pic`). The picture URL is Meta's and expires after a few days.
 * https://developers.facebook.com/docs/messenger-platform/identity/user-profile
 * https://developers.facebook.com/docs/messenger-platform/instagram/features/user-profile
 */
export async function fetchProfile(channel: 'facebook' | 'instagram', userId: string, token: string, timeoutMs = 4_000): Promise<GraphProfile> {
  const fields = channel === 'instagram' ? 'name,username,profile_pic' : 'name,first_name,last_name,profile_pic';
  const out = await graphFetch<{ name?: string | null; first_name?: string; last_name?: string; username?: string; profile_pic?: string | null }>('GET', `${encodeURIComponent(userId)}?fields=${fields}`, token, undefined, timeoutMs);
  const name = (out.name || [out.first_name, out.last_name].filter(Boolean).join(' ') || out.username || '').trim().slice(0, 200);
  const pictureUrl = httpsUrl(out.profile_pic);
  return { ...(name ? { name } : {}), ...(pictureUrl ? { pictureUrl } : {}) };
}

// ---- media ---------------------------------------------------------------------------------

export type MediaInfo = { url: string; mimetype?: string; size?: number };

/** What the Cloud API knows of a received media id: its short-lived download URL and size. */
export async function mediaInfo(mediaId: string, token: string): Promise<MediaInfo> {
  const out = await graphFetch<{ url?: string; mime_type?: string; file_size?: number | string }>('GET', encodeURIComponent(mediaId), token);
  if (!out.url) throw new GraphError(`graph: media ${mediaId} has no url`, 200, false);
  const size = out.file_size === undefined ? undefined : Number(out.file_size);
  return { url: out.url, mimetype: out.mime_type, size: Number.isFinite(size) ? size : undefined };
}

/** The reference a webhook puts in `media.url` for a Cloud API media id. */
export const mediaRefUrl = (mediaId: string): string => graphUrl(encodeURIComponent(mediaId));

/** Whether `media.url` is a Graph reference (mediaRefUrl) rather than a CDN URL. */
export const isGraphRef = (url: string): boolean => url.startsWith(graphUrl(''));

/**
 * Downloads received media. `url` is either a Cloud API reference (mediaRefUrl: looked up first)
 * or a Messenger/Instagram CDN URL. Refuses bodies over `maxBytes`.
 */
export async function downloadMedia(url: string, token: string, maxBytes: number): Promise<{ bytes: Buffer; mimetype?: string }> {
  let target = url;
  let mimetype: string | undefined;
  if (isGraphRef(url)) {
    const info = await graphFetch<{ url?: string; mime_type?: string; file_size?: number }>('GET', url, token);
    if (!info.url) throw new GraphError('graph: media has no url', 200, false);
    if (info.file_size !== undefined && Number(info.file_size) > maxBytes) throw new GraphError('graph: media too large', 413, false);
    target = info.url;
    mimetype = info.mime_type;
  }
  let res: Response;
  try {
    res = await fetch(target, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(60_000) });
  } catch (err) {
    throw new GraphError(`graph network error: ${(err as Error).message}`.slice(0, 500), 0, true);
  }
  if (!res.ok) throw await toError(res);
  const length = Number(res.headers.get('content-length') ?? NaN);
  if (length > maxBytes) throw new GraphError('graph: media too large', 413, false);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > maxBytes) throw new GraphError('graph: media too large', 413, false);
  return { bytes, mimetype: mimetype ?? res.headers.get('content-type') ?? undefined };
}

/** Hosts Messenger and Instagram attachment URLs come from (Meta's CDNs). */
const META_CDN_HOSTS = [/(^|\.)fbcdn\.net$/, /(^|\.)fbsbx\.com$/, /(^|\.)cdninstagram\.com$/, /(^|\.)facebook\.com$/];

/** Whether a webhook's attachment URL may be fetched: https on Meta's CDNs, or the configured Graph host (the local fake). */
export function isAllowedCdnUrl(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (process.env.GRAPH_BASE_URL && u.origin === new URL(graphBaseUrl()).origin) return true;
  return u.protocol === 'https:' && !u.username && !u.password && META_CDN_HOSTS.some((h) => h.test(u.hostname));
}

/**
 * Downloads a Messenger/Instagram attachment from its CDN URL: no token is sent, only Meta's CDN
 * hosts are fetched (isAllowedCdnUrl), redirects are refused and the body is cut at `maxBytes`.
 */
export async function downloadCdnMedia(url: string, maxBytes: number): Promise<{ bytes: Buffer; mimetype?: string }> {
  if (!isAllowedCdnUrl(url)) throw new GraphError('graph: media url is not on a Meta CDN', 400, false);
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(60_000) });
  } catch (err) {
    throw new GraphError(`graph network error: ${(err as Error).message}`.slice(0, 500), 0, true);
  }
  if (!res.ok) throw await toError(res);
  if (Number(res.headers.get('content-length') ?? NaN) > maxBytes) throw new GraphError('graph: media too large', 413, false);
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = res.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new GraphError('graph: media too large', 413, false);
    }
    chunks.push(Buffer.from(value));
  }
  return { bytes: Buffer.concat(chunks), mimetype: res.headers.get('content-type') ?? undefined };
}

/** Uploads bytes to the Cloud API; answers the media id to send. */
export async function uploadCloudMedia(phoneNumberId: string, token: string, bytes: Uint8Array, mimetype: string, filename: string): Promise<string> {
  const form = new FormData();
  form.set('messaging_product', 'whatsapp');
  form.set('type', mimetype);
  form.set('file', new Blob([bytes], { type: mimetype }), filename || 'file');
  const out = await graphFetch<{ id?: string }>('POST', `${encodeURIComponent(phoneNumberId)}/media`, token, form);
  if (!out.id) throw new GraphError('graph: upload answered no media id', 200, false);
  return out.id;
}

// ---- sends ---------------------------------------------------------------------------------

export type GraphMediaKind = 'image' | 'audio' | 'video' | 'document' | 'sticker';

export type GraphSend =
  | { type: 'text'; body: string; replyTo?: string }
  | { type: 'media'; kind: GraphMediaKind; link?: string; mediaId?: string; caption?: string; filename?: string; replyTo?: string }
  | { type: 'reaction'; messageId: string; emoji: string }
  | { type: 'read'; messageId?: string }
  /** Cloud API only: an approved template with its body parameters, in order. */
  | { type: 'template'; name: string; language: string; params: readonly string[] };
/** Cloud API: a string Meta hands back in the message's status webhooks (`biz_opaque_callback_data`). */
export type GraphSendOpts = { callbackData?: string };

/**
 * The Graph message id of a send (undefined for a read receipt or a reaction); `alsoExternalIds`:
 * ids of further messages the send took (a Messenger/Instagram caption), so their echoes are
 * recognised; `partialError`: the main message went out but a further one did not.
 */
export type SendOutcome = { externalId?: string; alsoExternalIds?: string[]; partialError?: string };

/** WhatsApp Cloud API: `POST /{phone-number-id}/messages`. */
export async function sendCloud(phoneNumberId: string, token: string, to: string, s: GraphSend, opts: GraphSendOpts = {}): Promise<SendOutcome> {
  const path = `${encodeURIComponent(phoneNumberId)}/messages`;
  if (s.type === 'read') {
    if (!s.messageId) return {};
    await graphFetch('POST', path, token, { messaging_product: 'whatsapp', status: 'read', message_id: s.messageId });
    return {};
  }
  const context = 'replyTo' in s && s.replyTo ? { context: { message_id: s.replyTo } } : {};
  let payload: Record<string, unknown>;
  if (s.type === 'text') payload = { type: 'text', text: { body: s.body, preview_url: /https?:\/\//.test(s.body) } };
  else if (s.type === 'reaction') payload = { type: 'reaction', reaction: { message_id: s.messageId, emoji: s.emoji } };
  else if (s.type === 'template') payload = { type: 'template', template: templatePayload(s) };
  else {
    const media: Record<string, unknown> = s.mediaId ? { id: s.mediaId } : { link: s.link };
    if (s.caption && s.kind !== 'audio' && s.kind !== 'sticker') media.caption = s.caption;
    if (s.kind === 'document' && s.filename) media.filename = s.filename;
    payload = { type: s.kind, [s.kind]: media };
  }
  const out = await graphFetch<{ messages?: { id?: string }[] }>('POST', path, token, { messaging_product: 'whatsapp', recipient_type: 'individual', to, ...context, ...payload, ...(opts.callbackData ? { biz_opaque_callback_data: opts.callbackData } : {}) });
  const id = out.messages?.[0]?.id;
  if (!id) throw new GraphError('graph: send answered no message id', 200, false);
  return { externalId: id };
}

const ATTACHMENT: Record<GraphMediaKind, string> = { image: 'image', sticker: 'image', audio: 'audio', video: 'video', document: 'file' };

/**
 * Messenger and Instagram: `POST /{page-id}/messages` with `recipient.id` (page-scoped id).
 * A message carries `text` or `attachment`, not both (Send API reference, `message`), so a
 * media caption goes as a text message right after the attachment, as Meta's own inbox sends
 * it; `reply_to.mid` quotes the replied message on attachments as on text. Reactions and read
 * receipts are sender actions: `react`/`unreact` with `payload.message_id`, `mark_seen`
 * (https://developers.facebook.com/docs/messenger-platform/send-messages/sender-actions).
 */
export async function sendMessenger(pageId: string, token: string, recipientId: string, s: GraphSend): Promise<SendOutcome> {
  const path = `${encodeURIComponent(pageId)}/messages`;
  const recipient = { id: recipientId };
  if (s.type === 'read') {
    await graphFetch('POST', path, token, { recipient, sender_action: 'mark_seen' });
    return {};
  }
  if (s.type === 'template') throw new GraphError('graph: templates are a WhatsApp Cloud API message', 400, false);
  if (s.type === 'reaction') {
    await graphFetch('POST', path, token, { recipient, sender_action: s.emoji ? 'react' : 'unreact', payload: { message_id: s.messageId, ...(s.emoji ? { reaction: s.emoji } : {}) } });
    return {};
  }
  const post = async (message: Record<string, unknown>): Promise<string> => {
    const out = await graphFetch<{ message_id?: string }>('POST', path, token, { recipient, messaging_type: 'RESPONSE', message });
    if (!out.message_id) throw new GraphError('graph: send answered no message id', 200, false);
    return out.message_id;
  };
  const replyTo = s.replyTo ? { reply_to: { mid: s.replyTo } } : {};
  if (s.type === 'text') return { externalId: await post({ text: s.body, ...replyTo }) };
  const externalId = await post({ attachment: { type: ATTACHMENT[s.kind], payload: s.mediaId ? { attachment_id: s.mediaId } : { url: s.link, is_reusable: false } }, ...replyTo });
  if (!s.caption) return { externalId };
  try {
    return { externalId, alsoExternalIds: [await post({ text: s.caption })] };
  } catch (err) {
    // The file went out: never send it again; the missing caption shows on the message.
    return { externalId, partialError: `caption not delivered: ${(err as Error).message}`.slice(0, 500) };
  }
}

// ---- Cloud API templates -------------------------------------------------------------------

/**
 * A template message's `template` object: name, language code and, when it takes any, the body
 * parameters as text. Meta refuses an empty parameter and one with new lines, tabs or more than
 * four spaces in a row: those are folded to one space, and an empty one is sent as '-'.
 */
export function templatePayload(t: { name: string; language: string; params: readonly string[] }): Record<string, unknown> {
  const text = (p: string) => p.replace(/\s+/g, ' ').trim() || '-';
  return {
    name: t.name,
    language: { code: t.language },
    ...(t.params.length ? { components: [{ type: 'body', parameters: t.params.map((p) => ({ type: 'text', text: text(p) })) }] } : {}),
  };
}

/** A message template as the Graph API lists it (the fields asked for). */
export type GraphTemplate = { id?: string; name: string; language: string; status: string; category?: string; components?: { type: string; format?: string; text?: string }[] };

/**
 * The WhatsApp Business Account's templates with this status (`GET /{waba-id}/message_templates`),
 * every page (by the `after` cursor, at most 20 pages of 100).
 */
export async function listMessageTemplates(wabaId: string, token: string, status = 'APPROVED'): Promise<GraphTemplate[]> {
  const out: GraphTemplate[] = [];
  let after: string | undefined;
  for (let page = 0; page < 20; page += 1) {
    const q = new URLSearchParams({ fields: 'name,language,status,category,components', status, limit: '100', ...(after ? { after } : {}) });
    const res = await graphFetch<{ data?: GraphTemplate[]; paging?: { cursors?: { after?: string }; next?: string } }>('GET', `${encodeURIComponent(wabaId)}/message_templates?${q}`, token);
    out.push(...(res.data ?? []));
    after = res.paging?.next ? res.paging.cursors?.after : undefined;
    if (!after) break;
  }
  return out;
}
