/**
 * What a webhook entry turns into before its connection is known: envelopes without
 * `companyId`/`whatsappId`, each with the FIFO deduplication id that makes a second delivery of
 * the same event a no-op, grouped by the provider account (phone number id, page id, IG id).
 */
import type { InboundMessage, InboundUpdate, InboundWatermark } from '@conversa/shared/channels';

type Unbound<T> = Omit<T, 'companyId' | 'whatsappId'>;

/** A Cloud API media object to look up (size, MIME type) before the message is enqueued. */
export type MediaRef = { id: string; mimetype: string; filename: string };

export type MessageDraft = Unbound<InboundMessage> & { mediaRef?: MediaRef };
/** `error`: a failed send reported by the channel (not yet a field of the shared InboundUpdate). */
export type UpdateDraft = Unbound<InboundUpdate> & { error?: string };

export type WatermarkDraft = Unbound<InboundWatermark>;
export type Draft = { dedupId: string; envelope: MessageDraft | UpdateDraft | WatermarkDraft };

export type AccountDrafts = { account: string; drafts: Draft[] };

export const clip = (s: string | undefined, max: number): string => (s ?? '').slice(0, max);
