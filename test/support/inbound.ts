import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { chatGroupId, type InboundEnvelope } from '../../shared/src/channels';
import { forgetRecentSettings } from '../../functions/src/adapters/db/settings';
import { handler } from '../../functions/src/workers/inbound';

let seq = 0;
export function record(env: InboundEnvelope, receiveCount = 1): SQSRecord {
  return {
    messageId: randomUUID(),
    receiptHandle: randomUUID(),
    body: JSON.stringify(env),
    attributes: { ApproximateReceiveCount: String(receiveCount), SentTimestamp: String(Date.now()), SenderId: 'test', ApproximateFirstReceiveTimestamp: String(Date.now()), MessageGroupId: chatGroupId(env.companyId, env.whatsappId, env.chatId), SequenceNumber: String(++seq) },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:inbound.fifo',
    awsRegion: 'us-east-1',
  } as SQSRecord;
}

/** Runs the inbound worker on a batch, as the SQS event source would. */
export async function runInbound(envs: InboundEnvelope[], receiveCount = 1) {
  // This process is another container than the API's: settings the test just changed through the API
  // would reach it within RECENT_SETTINGS_MS; the tests want them at once.
  forgetRecentSettings();
  const event: SQSEvent = { Records: envs.map((e) => record(e, receiveCount)) };
  return (await handler(event, {} as Context)) as { batchItemFailures: { itemIdentifier: string }[] };
}

export const text = (companyId: number, whatsappId: number, from: string, body: string, over: Partial<Extract<InboundEnvelope, { kind: 'message' }>> = {}): InboundEnvelope => ({
  kind: 'message', companyId, whatsappId, externalId: `EXT${randomUUID().slice(0, 12)}`, chatId: from, isGroup: false, fromMe: false, contactName: `Cliente ${from.slice(-4)}`, altIds: [], body, timestamp: Date.now(), ...over,
});
