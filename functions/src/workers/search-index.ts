/**
 * The tickets search index from the table's stream (workers/streams.ts): new messages (the
 * customer's and the agents'), new tickets and edited contacts become index entries (domain/search/index-tickets.ts). Every write is a put
 * of a fixed key, so a batch handed over again writes the same items: a failed batch is retried
 * whole, from its first record.
 */
import middy from '@middy/core';
import type { AttributeValue, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { indexJobs, type IndexJob } from '../domain/search/index-tickets';
import { log } from '../lib/log';
import { invocationContext } from '../lib/invocation';

const num = (v: AttributeValue | undefined) => (v?.N !== undefined ? Number(v.N) : NaN);
const positive = (...ns: number[]) => ns.every((n) => Number.isInteger(n) && n > 0);

/** What a record asks of the index (others, and malformed images, are ignored). */
export function jobOf(r: DynamoDBRecord): IndexJob | undefined {
  const img = r.dynamodb?.NewImage;
  const entity = img?.entity?.S;
  if (!img || !entity) return undefined;
  const companyId = num(img.companyId);
  if (r.eventName === 'INSERT' && entity === 'message') {
    // The platform's own texts (menus, greetings, farewells: sent without an agent) are the same on
    // every ticket: indexing them would cost writes and find every ticket.
    if (img.fromMe?.BOOL && img.userId?.N === undefined) return undefined;
    const ticketId = num(img.ticketId);
    const body = img.body?.S ?? '';
    return positive(companyId, ticketId) && body.trim() ? { kind: 'message', companyId, ticketId, body } : undefined;
  }
  if (r.eventName === 'INSERT' && entity === 'ticket') {
    const ticketId = num(img.id);
    const contactId = num(img.contactId);
    return positive(companyId, ticketId, contactId) ? { kind: 'ticket', companyId, ticketId, contactId } : undefined;
  }
  if (r.eventName === 'MODIFY' && entity === 'contact') {
    const id = num(img.id);
    return positive(companyId, id) ? { kind: 'contact', companyId, contact: { id, name: img.name?.S ?? '', number: img.number?.S ?? '' } } : undefined;
  }
  return undefined;
}

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>().use(invocationContext()).handler(async (event) => {
  const records = event.Records.filter((r) => r.dynamodb?.SequenceNumber);
  if (!records.length) return { batchItemFailures: [] };
  try {
    const jobs = records.flatMap((r) => jobOf(r) ?? []);
    const done = await indexJobs(jobs);
    log.debug('search index: batch written', { records: records.length, ...done });
    return { batchItemFailures: [] };
  } catch (err) {
    log.warn('search index: batch failed, retried from its first record', { records: records.length, err: String(err) });
    return { batchItemFailures: [{ itemIdentifier: records[0]!.dynamodb!.SequenceNumber! }] };
  }
});
