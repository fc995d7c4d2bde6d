/**
 * The dashboard's message totals from the table's stream (workers/streams.ts): each batch of new
 * message items becomes one ADD per company day, written exactly once (domain/messages/message-totals.ts).
 * The messages themselves are stored already; this only counts them, so a message costs no write here.
 */
import middy from '@middy/core';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { countBatchOnce, tallyMessages, type TotalsRecord } from '../domain/messages/message-totals';
import { log, logContext } from '../lib/log';

/** A record as the totals read it: only message INSERTs carry a message (the event source filters the others too). */
function totalsRecord(r: DynamoDBRecord): TotalsRecord {
  const seq = r.dynamodb?.SequenceNumber ?? '';
  const img = r.dynamodb?.NewImage;
  if (r.eventName !== 'INSERT' || img?.entity?.S !== 'message') return { seq };
  const companyId = Number(img.companyId?.N);
  const createdAt = img.createdAt?.S;
  if (!Number.isInteger(companyId) || companyId <= 0 || !createdAt) return { seq };
  return { seq, message: { companyId, createdAt, fromMe: Boolean(img.fromMe?.BOOL) } };
}

/** The company day totals of message INSERTs (others are ignored). */
export const tally = (records: readonly DynamoDBRecord[]) => tallyMessages(records.map(totalsRecord));

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>().use(logContext()).handler(async (event) => {
  const records = event.Records.filter((r) => r.dynamodb?.SequenceNumber);
  if (!records.length) return { batchItemFailures: [] };
  try {
    await countBatchOnce(`message-totals#${records[0]!.eventID}`, records.map(totalsRecord));
    return { batchItemFailures: [] };
  } catch (err) {
    log.warn('message totals: batch failed, retried from its first record', { records: records.length, err: String(err) });
    return { batchItemFailures: [{ itemIdentifier: records[0]!.dynamodb!.SequenceNumber! }] };
  }
});
