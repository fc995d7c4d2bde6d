/**
 * Keeps the contact card on a contact's tickets in step with the contact, from the table's stream
 * (domain/tickets/contact-cards.ts): for each changed contact of a batch, its newest image. Puts of
 * the same value: a batch handed over again changes nothing (but the events again), so a failed
 * batch is retried whole, from its first record.
 */
import middy from '@middy/core';
import type { AttributeValue, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { refreshContactCards, type CardChange } from '../domain/tickets/contact-cards';
import { log } from '../lib/log';
import { invocationContext } from '../lib/invocation';

const str = (v: AttributeValue | undefined) => v?.S ?? '';

/** The contact a record changed and its card (others, and malformed images, are ignored). */
export function cardOf(r: DynamoDBRecord): CardChange | undefined {
  const img = r.dynamodb?.NewImage;
  if (r.eventName !== 'MODIFY' || img?.entity?.S !== 'contact') return undefined;
  const companyId = Number(img.companyId?.N);
  const contactId = Number(img.id?.N);
  if (!(Number.isInteger(companyId) && companyId > 0 && Number.isInteger(contactId) && contactId > 0)) return undefined;
  return { companyId, contactId, card: { name: str(img.name), number: str(img.number), email: str(img.email), profilePicUrl: str(img.profilePicUrl), isGroup: Boolean(img.isGroup?.BOOL), channel: str(img.channel) } };
}

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>().use(invocationContext()).handler(async (event) => {
  const records = event.Records.filter((r) => r.dynamodb?.SequenceNumber);
  if (!records.length) return { batchItemFailures: [] };
  // A contact changed twice in the batch: its last image counts.
  const latest = new Map<string, CardChange>();
  for (const r of records) {
    const c = cardOf(r);
    if (c) latest.set(`${c.companyId}#${c.contactId}`, c);
  }
  try {
    const done = await refreshContactCards(latest.values());
    log.debug('ticket contacts: cards written', { contacts: latest.size, ...done });
    return { batchItemFailures: [] };
  } catch (err) {
    log.warn('ticket contacts: batch failed, retried from its first record', { records: records.length, err: String(err) });
    return { batchItemFailures: [{ itemIdentifier: records[0]!.dynamodb!.SequenceNumber! }] };
  }
});
