/**
 * The dashboard's message totals from the table's stream (workers/streams.ts): each batch of new
 * message items becomes one ADD per company day, written exactly once (countMessagesOnce). The
 * messages themselves are stored already; this only counts them, so a message costs no write here.
 */
import middy from '@middy/core';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { countedUpTo, countMessagesOnce, localDay, type MessageTally } from '../adapters/db/day-stats';
import { log } from '../lib/log';

/** Sequence numbers are decimal strings of up to 40 digits: padded, they compare as text. */
export const seqKey = (seq: string): string => seq.padStart(40, '0');

/** The company day totals of message INSERTs (others are ignored: the event source filters them too). */
export function tally(records: readonly DynamoDBRecord[]): MessageTally[] {
  const out = new Map<string, MessageTally>();
  for (const r of records) {
    const img = r.dynamodb?.NewImage;
    if (r.eventName !== 'INSERT' || img?.entity?.S !== 'message') continue;
    const cid = Number(img.companyId?.N);
    const created = img.createdAt?.S;
    if (!Number.isInteger(cid) || cid <= 0 || !created) continue;
    const day = localDay(created).day;
    const key = `${cid}#${day}`;
    const t = out.get(key) ?? { cid, day, sent: 0, received: 0 };
    if (img.fromMe?.BOOL) t.sent++;
    else t.received++;
    out.set(key, t);
  }
  return [...out.values()];
}

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>().handler(async (event) => {
  const records = event.Records.filter((r) => r.dynamodb?.SequenceNumber);
  if (!records.length) return { batchItemFailures: [] };
  const batchId = `message-totals#${records[0]!.eventID}`;
  const last = records[records.length - 1]!.dynamodb!.SequenceNumber!;
  try {
    if (await countMessagesOnce(batchId, last, tally(records))) return { batchItemFailures: [] };
    // This batch was counted before (a retry): count only the records after the last one counted.
    const seen = await countedUpTo(batchId);
    const rest = seen === undefined ? records : records.filter((r) => seqKey(r.dynamodb!.SequenceNumber!) > seqKey(seen));
    if (rest.length && seen !== undefined && !(await countMessagesOnce(batchId, last, tally(rest), seen))) throw new Error('the batch guard moved while counting');
    return { batchItemFailures: [] };
  } catch (err) {
    log.warn('message totals: batch failed, retried from its first record', { records: records.length, err: String(err) });
    return { batchItemFailures: [{ itemIdentifier: records[0]!.dynamodb!.SequenceNumber! }] };
  }
});
