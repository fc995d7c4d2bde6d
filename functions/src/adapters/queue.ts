/**
 * Sends to the SQS queues of QUEUES. URLs come from `QUEUE_URL_<NAME>`; locally the same client
 * talks to the local stand-in at `LOCAL_SQS_ENDPOINT`.
 */
import { SQSClient, SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { env } from '../lib/config';
import { QUEUES, queueUrlEnvName } from './queue-config';
import { sdkClientOptions } from './sdk-options';
import { traced } from '../lib/trace';

let client: SQSClient | undefined;
export function sqs(): SQSClient {
  client ??= traced(new SQSClient({
    ...sdkClientOptions,
    region: env().AWS_REGION,
    ...(process.env.LOCAL_SQS_ENDPOINT ? { endpoint: process.env.LOCAL_SQS_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  }));
  return client;
}
export function resetQueueClient(): void {
  client = undefined;
}

export function queueUrl(name: string): string {
  const url = process.env[queueUrlEnvName(name)];
  if (!url) throw new Error(`${queueUrlEnvName(name)} is not set`);
  return url;
}

/** Enqueues one message; FIFO queues need the group (ordering) and the deduplication id. */
export async function enqueue(name: string, body: unknown, opts: { groupId?: string; dedupId?: string; delaySeconds?: number } = {}): Promise<void> {
  const def = QUEUES.find((q) => q.name === name);
  if (!def) throw new Error(`unknown queue ${name}`);
  if (def.fifo && (!opts.groupId || !opts.dedupId)) throw new Error(`${name} is FIFO: groupId and dedupId are required`);
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: queueUrl(name),
      MessageBody: JSON.stringify(body),
      ...(def.fifo ? { MessageGroupId: opts.groupId, MessageDeduplicationId: opts.dedupId!.slice(0, 128) } : {}),
      ...(!def.fifo && opts.delaySeconds ? { DelaySeconds: Math.min(900, opts.delaySeconds) } : {}),
    }),
  );
}

/**
 * Enqueues up to 10 messages on a FIFO queue in one request (the session host's batches), each with
 * its group and deduplication id; answers the indexes of the entries SQS refused (to be sent again).
 */
export async function enqueueFifoBatch(name: string, entries: readonly { body: unknown; groupId?: string; dedupId?: string }[]): Promise<number[]> {
  const def = QUEUES.find((q) => q.name === name);
  if (!def?.fifo) throw new Error(`${name} is not a FIFO queue`);
  if (entries.length > 10 || entries.some((e) => !e.groupId || !e.dedupId)) throw new Error(`${name}: at most 10 entries, each with groupId and dedupId`);
  const out = await sqs().send(
    new SendMessageBatchCommand({
      QueueUrl: queueUrl(name),
      Entries: entries.map((e, i) => ({ Id: String(i), MessageBody: JSON.stringify(e.body), MessageGroupId: e.groupId, MessageDeduplicationId: e.dedupId!.slice(0, 128) })),
    }),
  );
  return (out.Failed ?? []).map((f) => Number(f.Id));
}

/**
 * Enqueues many messages on a standard queue, ten to a request, each with its own delay (seconds,
 * 0–900). Throws when any entry was refused (the caller's cursor then stays: it is sent again).
 */
export async function enqueueBatch(name: string, entries: readonly { body: unknown; delaySeconds?: number }[]): Promise<void> {
  const def = QUEUES.find((q) => q.name === name);
  if (!def || def.fifo) throw new Error(`${name} is not a standard queue`);
  for (let i = 0; i < entries.length; i += 10) {
    const chunk = entries.slice(i, i + 10);
    const out = await sqs().send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl(name),
        Entries: chunk.map((e, j) => ({ Id: String(j), MessageBody: JSON.stringify(e.body), ...(e.delaySeconds ? { DelaySeconds: Math.max(0, Math.min(900, Math.ceil(e.delaySeconds))) } : {}) })),
      }),
    );
    if (out.Failed?.length) throw new Error(`${name}: ${out.Failed.length} of ${chunk.length} messages not queued (${out.Failed[0]!.Code})`);
  }
}
