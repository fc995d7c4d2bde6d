/**
 * Consumers of the table's stream (new images): read by the CDK workers stack (a Lambda event
 * source per consumer, with the same filter) and by the local stack's stream poller. A consumer
 * sees only the INSERTs of the item entity it names, and the events it names under `also`.
 */
export type StreamEvent = 'INSERT' | 'MODIFY';
export type StreamFilter = { entity: string; events: readonly StreamEvent[] };

export type StreamConsumerDef = {
  /** Construct id and log name. */
  name: string;
  /** Module under functions/src (exports `handler`). */
  handler: string;
  /** Items with this `entity`: their INSERTs, or the events named in `events`. */
  entity: string;
  /** Default: INSERT only. */
  events?: readonly StreamEvent[];
  /** More (entity, events) pairs the consumer gets besides the INSERTs of `entity`. */
  also?: readonly StreamFilter[];
  /** Records per invocation; the batching window lets a busy table fill a batch. */
  batchSize: number;
  batchingWindowSeconds: number;
};

export const STREAM_CONSUMERS: readonly StreamConsumerDef[] = [
  // The dashboard's sent/received totals: one counter update per company day and batch, instead of a
  // fourth write on every message (DESIGN.md "Cost and scale rules"); likewise the day stats of new
  // tickets, out of the transaction that creates them.
  {
    name: 'message-totals',
    handler: 'workers/message-totals',
    entity: 'message',
    also: [{ entity: 'ticket', events: ['INSERT'] }],
    batchSize: 1000,
    batchingWindowSeconds: 5,
  },
  // The tickets search index (DESIGN.md "Data"): message words, and the contact's name and number
  // when a ticket is created or the contact edited — no index write on the message path.
  {
    name: 'search-index',
    handler: 'workers/search-index',
    entity: 'message',
    also: [
      { entity: 'ticket', events: ['INSERT'] },
      { entity: 'contact', events: ['MODIFY'] },
    ],
    batchSize: 500,
    batchingWindowSeconds: 1,
  },
  // The contact card every ticket of a contact keeps for the lists (adapters/db/tickets.ts #74),
  // refreshed when the contact changes.
  { name: 'ticket-contacts', handler: 'workers/ticket-contacts', entity: 'contact', events: ['MODIFY'], batchSize: 100, batchingWindowSeconds: 1 },
  // A campaign's counters (domain/campaigns/counts.ts): one ADD per campaign and batch instead of one per recipient's status change.
  { name: 'campaign-counts', handler: 'workers/campaign-counts', entity: 'campaignRecipient', events: ['INSERT', 'MODIFY'], batchSize: 1000, batchingWindowSeconds: 1 },
];

/** Every (entity, events) pair a consumer gets: the event source's filters, one per pair. */
export const streamFilters = (c: StreamConsumerDef): StreamFilter[] => [{ entity: c.entity, events: c.events ?? ['INSERT'] }, ...(c.also ?? [])];
