/** Driver envelopes → the inbound queue: FIFO group per chat, a stable deduplication id. */
import { createHash } from 'node:crypto';
import { chatGroupId, sentDedupId, type InboundEnvelope } from '@conversa/shared/channels';
import { QUEUE } from '@conversa/functions/adapters/queue-config';
import type { QueuePort } from './queue-port';

const short = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 16);

/** The same event delivered twice gets the same id (SQS FIFO drops the second within 5 min). */
export function envelopeDedupId(e: InboundEnvelope): string {
  if (e.kind === 'message') return `m:${e.whatsappId}:${e.externalId}`;
  if (e.kind === 'sent') return sentDedupId(e);
  if (e.kind === 'command') return `cmd:${e.requestId}`;
  if (e.kind === 'watermark') return `w:${e.whatsappId}:${e.chatId}:${e.ack}:${e.watermark}`.slice(0, 128);
  const base = `u:${e.whatsappId}:${e.externalId}`;
  if (e.ack !== undefined) return `${base}:ack${e.ack}`;
  if (e.deleted) return `${base}:del`;
  if (e.editedBody !== undefined) return `${base}:edit:${short(e.editedBody)}`;
  // The time too: 👍, removed, 👍 again within the dedup window are three changes.
  if (e.reaction) return `${base}:react:${short(`${e.reaction.from}:${e.reaction.emoji}:${e.timestamp}`)}`;
  return `${base}:${e.timestamp}`;
}

export async function publishEnvelope(queue: QueuePort, e: InboundEnvelope): Promise<void> {
  await queue.send(QUEUE.inbound, e, { groupId: chatGroupId(e.companyId, e.whatsappId, e.chatId), dedupId: envelopeDedupId(e) });
}
