/**
 * One webhook delivery from Meta (Cloud API, Messenger, Instagram): verify the signature, map the
 * payload, resolve each entry's connection and enqueue one envelope per message or update on the
 * inbound queue (FIFO group per chat; dedup id from Meta's ids, so a redelivery is a no-op).
 *
 * Signature rule: the `X-Hub-Signature-256` header must be present and well formed. With a
 * platform app secret (META_APP_SECRET) it must match that before the body is even parsed.
 * Otherwise the body's account ids are read (JSON only, nothing trusted) and every known
 * connection in it must match its own `provider.appSecretRef`; a delivery naming no known
 * account is acknowledged and dropped. Nothing is enqueued before verification and validation
 * of the whole delivery.
 *
 * Media: Cloud API media arrive as an id. The id is looked up (size, MIME type) with the
 * connection's token; the envelope carries `media.url` = the Graph reference
 * (graph.ts mediaRefUrl) for the inbound worker to download with graph.ts downloadMedia. Media
 * over UPLOAD_LIMIT_BYTES is not referenced: the message says the file was too large (and carries
 * the code ERR_MEDIA_TOO_LARGE, which the notices read).
 * Messenger/Instagram media arrive as CDN URLs and are passed as they are.
 */
import { createHash } from 'node:crypto';
import { ZodError } from 'zod';
import { arrivalStamp, chatGroupId, InboundMessage, InboundUpdate, InboundWatermark, TOO_LARGE_BODY, type Channel } from '@conversa/shared/channels';
import { UPLOAD_LIMIT_BYTES } from '@conversa/shared/constants';
import { AppError } from '../lib/app-error';
import { log } from '../lib/log';
import { validSignature } from '../domain/channels/graph-signature';
import { CloudPayload, MessagingPayload } from './payloads';
import { mapCloudEntry } from './map-cloud';
import { mapMessagingEntry } from './map-messaging';
import type { AccountDrafts, Draft } from './drafts';

export const WEBHOOK_CHANNELS = ['wppoficial', 'facebook', 'instagram'] as const satisfies readonly Channel[];
export type WebhookChannel = (typeof WEBHOOK_CHANNELS)[number];

export const MAX_WEBHOOK_BYTES = 1024 * 1024;

/** What a delivery reads of a connection: the references of its secrets. */
export type WebhookConnection = { provider?: { appSecretRef?: string; accessTokenRef?: string } };
/** What the Cloud API tells of a media id (adapters/graph.ts mediaInfo). */
export type WebhookMediaInfo = { url: string; mimetype?: string; size?: number };

export type WebhookDeps = {
  findAccount(channel: Channel, account: string): Promise<{ companyId: number; whatsappId: number } | undefined>;
  getConnection(companyId: number, id: number): Promise<WebhookConnection | undefined>;
  platformSecret(): Promise<string | undefined>;
  resolveRef(ref: string | undefined): Promise<string | undefined>;
  mediaInfo(mediaId: string, token: string): Promise<WebhookMediaInfo>;
  mediaRefUrl(mediaId: string): string;
  enqueue(body: unknown, opts: { groupId: string; dedupId: string }): Promise<void>;
};

export type WebhookOutcome = { enqueued: number; skippedEntries: number };

type Bound = { companyId: number; whatsappId: number; connection?: WebhookConnection };

const SIGNATURE_FORMAT = /^sha256=[0-9a-fA-F]{64}$/;

/** Account ids named by a payload, read loosely (before validation) to find their secrets. */
function accountsOf(channel: WebhookChannel, json: unknown): string[] {
  const entries = (json as { entry?: unknown })?.entry;
  if (!Array.isArray(entries)) return [];
  const ids = new Set<string>();
  for (const e of entries.slice(0, 1000)) {
    if (channel === 'wppoficial') {
      const changes = (e as { changes?: unknown })?.changes;
      if (!Array.isArray(changes)) continue;
      for (const c of changes) {
        const id = (c as { value?: { metadata?: { phone_number_id?: unknown } } })?.value?.metadata?.phone_number_id;
        if (typeof id === 'string' && id.length > 0 && id.length <= 200) ids.add(id);
      }
    } else {
      const id = (e as { id?: unknown })?.id;
      if (typeof id === 'string' && id.length > 0 && id.length <= 200) ids.add(id);
    }
  }
  return [...ids].slice(0, 100);
}

const issuesOf = (err: ZodError) => err.issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message }));

function mapPayload(channel: WebhookChannel, json: unknown): AccountDrafts[] {
  try {
    if (channel === 'wppoficial') return CloudPayload.parse(json).entry.flatMap((e) => mapCloudEntry(e));
    const payload = MessagingPayload.parse(json);
    const expected = channel === 'facebook' ? 'page' : 'instagram';
    if (payload.object !== expected) throw new AppError('ERR_VALIDATION', [{ path: 'body.object', message: `expected ${expected}` }]);
    return payload.entry.map(mapMessagingEntry);
  } catch (err) {
    if (err instanceof ZodError) throw new AppError('ERR_VALIDATION', issuesOf(err).slice(0, 20));
    throw err;
  }
}

/** FIFO dedup ids are at most 128 characters: longer ones become their hash (still stable). */
export function dedupKey(whatsappId: number, draftId: string): string {
  const key = `${whatsappId}:${draftId}`;
  return key.length <= 128 ? key : `h:${createHash('sha256').update(key).digest('hex')}`;
}

async function withMedia(draft: Draft, bound: Bound, deps: WebhookDeps): Promise<Draft['envelope']> {
  const env = draft.envelope;
  if (env.kind !== 'message' || !env.mediaRef) return env;
  const { mediaRef, ...rest } = env;
  const ref = { url: deps.mediaRefUrl(mediaRef.id), mimetype: mediaRef.mimetype, filename: mediaRef.filename };
  const token = await deps.resolveRef(bound.connection?.provider?.accessTokenRef);
  if (!token) {
    log.warn('webhook: no access token to look media up', { companyId: bound.companyId, whatsappId: bound.whatsappId });
    return { ...rest, media: ref };
  }
  try {
    const info = await deps.mediaInfo(mediaRef.id, token);
    if (info.size !== undefined && info.size > UPLOAD_LIMIT_BYTES) {
      const name = mediaRef.filename ? ` (${mediaRef.filename})` : '';
      return { ...rest, mediaType: undefined, mediaError: 'ERR_MEDIA_TOO_LARGE', body: `${TOO_LARGE_BODY}${name}` + (rest.body && rest.body !== mediaRef.filename ? `\n${rest.body}` : '') };
    }
    return { ...rest, media: { ...ref, mimetype: info.mimetype ?? ref.mimetype, ...(info.size !== undefined ? { size: info.size } : {}) } };
  } catch (err) {
    // The inbound worker looks it up again when it downloads; the size check happens there too.
    log.warn('webhook: media lookup failed', { companyId: bound.companyId, whatsappId: bound.whatsappId, err: (err as Error).message });
    return { ...rest, media: ref };
  }
}

export async function receiveWebhook(channel: WebhookChannel, raw: Buffer, signature: string | undefined, deps: WebhookDeps): Promise<WebhookOutcome> {
  if (raw.length > MAX_WEBHOOK_BYTES) throw new AppError('ERR_PAYLOAD_TOO_LARGE');
  if (!signature || !SIGNATURE_FORMAT.test(signature.trim())) throw new AppError('ERR_UNAUTHENTICATED', undefined, 401);

  const platform = await deps.platformSecret();
  if (platform && !validSignature(raw, signature, platform)) throw new AppError('ERR_UNAUTHENTICATED', undefined, 401);

  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    if (platform) throw new AppError('ERR_BAD_JSON');
    throw new AppError('ERR_UNAUTHENTICATED', undefined, 401); // nothing to verify it against
  }

  // Every known account's connection; verified by the platform secret or its own.
  const bound = new Map<string, Bound>();
  for (const account of accountsOf(channel, json)) {
    const hit = await deps.findAccount(channel, account);
    if (!hit) continue;
    const connection = await deps.getConnection(hit.companyId, hit.whatsappId);
    if (!connection) continue;
    if (!platform) {
      const secret = await deps.resolveRef(connection.provider?.appSecretRef);
      if (!secret) log.error('webhook: connection has no app secret and META_APP_SECRET is unset', { channel, companyId: hit.companyId, whatsappId: hit.whatsappId });
      if (!validSignature(raw, signature, secret)) throw new AppError('ERR_UNAUTHENTICATED', undefined, 401);
    }
    bound.set(account, { ...hit, connection });
  }

  // Validate and map the whole delivery before anything leaves.
  const batches = mapPayload(channel, json);
  let enqueued = 0;
  let skippedEntries = 0;
  for (const batch of batches) {
    const b = bound.get(batch.account);
    if (!b) {
      if (batch.drafts.length) log.warn('webhook: unknown account, entry skipped', { channel, account: batch.account, events: batch.drafts.length });
      skippedEntries += 1;
      continue;
    }
    for (const draft of batch.drafts) {
      const drafted = await withMedia(draft, b, deps);
      // Arrival order, stamped once here: messages of one second keep the order Meta sent them in.
      const env = { ...drafted, companyId: b.companyId, whatsappId: b.whatsappId, ...(drafted.kind === 'message' ? { receivedAt: arrivalStamp() } : {}) };
      const check = env.kind === 'message' ? InboundMessage.safeParse(env) : env.kind === 'watermark' ? InboundWatermark.safeParse(env) : InboundUpdate.safeParse(env);
      if (!check.success) {
        log.warn('webhook: event dropped, not a valid envelope', { channel, dedupId: draft.dedupId, issues: check.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`) });
        continue;
      }
      const body = env.kind === 'update' ? { ...check.data, ...(env.error ? { error: env.error } : {}) } : check.data;
      await deps.enqueue(body, { groupId: chatGroupId(b.companyId, b.whatsappId, env.chatId), dedupId: dedupKey(b.whatsappId, draft.dedupId) });
      enqueued += 1;
    }
  }
  return { enqueued, skippedEntries };
}
