/**
 * Consumers of the table's stream (new images): read by the CDK workers stack (a Lambda event
 * source per consumer, with the same filter) and by the local stack's stream poller. A consumer
 * sees only the INSERTs of the item entity it names.
 */
export type StreamConsumerDef = {
  /** Construct id and log name. */
  name: string;
  /** Module under functions/src (exports `handler`). */
  handler: string;
  /** Only INSERTs of items with this `entity`. */
  entity: string;
  /** Records per invocation; the batching window lets a busy table fill a batch. */
  batchSize: number;
  batchingWindowSeconds: number;
};

export const STREAM_CONSUMERS: readonly StreamConsumerDef[] = [
  // The dashboard's sent/received totals: one counter update per company day and batch, instead of a
  // fourth write on every message (DESIGN.md "Cost and scale rules").
  { name: 'message-totals', handler: 'workers/message-totals', entity: 'message', batchSize: 1000, batchingWindowSeconds: 5 },
];
