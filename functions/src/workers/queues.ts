/**
 * Queues and schedules, as data: the CDK workers stack and the local host both build from this.
 * Each queue has a dead-letter queue that receives a message after `maxReceives` failed tries.
 */
export type QueueDef = {
  name: string;
  fifo: boolean;
  /** Seconds a received message stays invisible before it is retried. */
  visibilityTimeout: number;
  maxReceives: number;
  batchSize: number;
  /** Module under functions/src exporting `handler` (an SQS handler with partial batch failures). */
  handler?: string;
};

export const QUEUES: readonly QueueDef[] = [];

/** The EventBridge tick: every minute the tick worker runs the due work. */
export const TICK = { handler: 'workers/tick', everyMinutes: 1 } as const;
