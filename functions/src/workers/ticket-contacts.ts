/**
 * Keeps the contact card on a contact's tickets (adapters/db/tickets.ts #74) in step with the
 * contact: for each changed contact of a stream batch (its newest image), every ticket of the
 * contact gets the card, and its open and pending tickets go out as `update` events to who may
 * see them, so the rows change live. Puts of the same value: a batch handed over again changes
 * nothing (but the events again), so a failed batch is retried whole, from its first record.
 */
import middy from '@middy/core';
import type { AttributeValue, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { setContactCard, ticketIdsOfContact, type ContactCard, type Ticket } from '../adapters/db/tickets';
import { publishTicket } from '../domain/tickets/publish-ticket';
import { toTicketViews } from '../domain/tickets/ticket-view';
import { log } from '../lib/log';

const str = (v: AttributeValue | undefined) => v?.S ?? '';

/** The contact a record changed and its card (others, and malformed images, are ignored). */
export function cardOf(r: DynamoDBRecord): { companyId: number; contactId: number; card: ContactCard } | undefined {
  const img = r.dynamodb?.NewImage;
  if (r.eventName !== 'MODIFY' || img?.entity?.S !== 'contact') return undefined;
  const companyId = Number(img.companyId?.N);
  const contactId = Number(img.id?.N);
  if (!(Number.isInteger(companyId) && companyId > 0 && Number.isInteger(contactId) && contactId > 0)) return undefined;
  return { companyId, contactId, card: { name: str(img.name), number: str(img.number), email: str(img.email), profilePicUrl: str(img.profilePicUrl), isGroup: Boolean(img.isGroup?.BOOL), channel: str(img.channel) } };
}

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>().handler(async (event) => {
  const records = event.Records.filter((r) => r.dynamodb?.SequenceNumber);
  if (!records.length) return { batchItemFailures: [] };
  // A contact changed twice in the batch: its last image counts.
  const latest = new Map<string, NonNullable<ReturnType<typeof cardOf>>>();
  for (const r of records) {
    const c = cardOf(r);
    if (c) latest.set(`${c.companyId}#${c.contactId}`, c);
  }
  try {
    let tickets = 0;
    const live: Ticket[] = [];
    for (const { companyId, contactId, card } of latest.values()) {
      for (const id of await ticketIdsOfContact(companyId, contactId)) {
        const t = await setContactCard(companyId, id, card);
        if (t) tickets++;
        if (t && t.status !== 'closed') live.push(t);
      }
    }
    // The open and pending rows on the agents' screens show the new card at once (closed ones on the next read).
    const views = await toTicketViews(live);
    await Promise.all(live.map((t, i) => publishTicket(undefined, t, views[i]!)));
    log.debug('ticket contacts: cards written', { contacts: latest.size, tickets, published: live.length });
    return { batchItemFailures: [] };
  } catch (err) {
    log.warn('ticket contacts: batch failed, retried from its first record', { records: records.length, err: String(err) });
    return { batchItemFailures: [{ itemIdentifier: records[0]!.dynamodb!.SequenceNumber! }] };
  }
});
