/**
 * The dashboard's message totals from the table's stream (workers/streams.ts): each batch of new
 * message items becomes one ADD per company day, written exactly once (domain/messages/message-totals.ts).
 * The messages themselves are stored already; this only counts them, so a message costs no write here.
 * New tickets (their day stats) are counted the same way.
 */
import middy from '@middy/core';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { countBatchOnce, tallyMessages, type TotalsRecord } from '../domain/messages/message-totals';
import { log } from '../lib/log';
import { invocationContext } from '../lib/invocation';
import { createdStats } from '../domain/tickets/ticket-stats';

/**
 * A record as the totals read it (the event source filters the others too): a message INSERT
 * carries a message; a ticket INSERT the dashboard's created / lead / agent counts of that day
 * (domain/tickets/ticket-stats.ts).
 */
function totalsRecord(r: DynamoDBRecord): TotalsRecord {
  const seq = r.dynamodb?.SequenceNumber ?? '';
  const img = r.dynamodb?.NewImage;
  if (r.eventName !== 'INSERT' || !img) return { seq };
  const companyId = Number(img.companyId?.N);
  const createdAt = img.createdAt?.S;
  if (!Number.isInteger(companyId) || companyId <= 0 || !createdAt) return { seq };
  if (img.entity?.S === 'message') return { seq, message: { companyId, createdAt, fromMe: Boolean(img.fromMe?.BOOL) } };
  if (img.entity?.S === 'ticket') {
    const userId = img.userId?.N === undefined ? null : Number(img.userId.N);
    return { seq, adds: createdStats({ companyId, createdAt, userId }, { lead: img.lead?.BOOL === true }).adds() };
  }
  return { seq };
}

/** The company day totals of message INSERTs (others are ignored). */
export const tally = (records: readonly DynamoDBRecord[]) => tallyMessages(records.map(totalsRecord));

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>().use(invocationContext()).handler(async (event) => {
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
