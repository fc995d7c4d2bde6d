/**
 * One queue of functions/src/adapters/queue-config.ts: the queue and its dead-letter queue (FIFO when the
 * definition is), a message moving to the DLQ after `maxReceives` failed receives.
 */
import { Duration } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueDef } from '@conversa/functions/adapters/queue-config';

export const QUEUE_RETENTION = Duration.days(4);
export const DLQ_RETENTION = Duration.days(14);

export class WorkerQueue extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, readonly def: QueueDef) {
    super(scope, id);
    // SQS rejects `FifoQueue: false`: leave the attribute out for standard queues.
    const fifo = def.fifo
      ? {
          fifo: true,
          // High-throughput FIFO: ordering and dedupe per message group (company#chat), not per queue.
          deduplicationScope: sqs.DeduplicationScope.MESSAGE_GROUP,
          fifoThroughputLimit: sqs.FifoThroughputLimit.PER_MESSAGE_GROUP_ID,
        }
      : {};
    const common = { encryption: sqs.QueueEncryption.SQS_MANAGED, enforceSSL: true } as const;

    this.deadLetterQueue = new sqs.Queue(this, 'Dlq', {
      ...common,
      ...(def.fifo ? { fifo: true } : {}),
      retentionPeriod: DLQ_RETENTION,
    });
    this.queue = new sqs.Queue(this, 'Queue', {
      ...common,
      ...fifo,
      visibilityTimeout: Duration.seconds(def.visibilityTimeout),
      retentionPeriod: QUEUE_RETENTION,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: def.maxReceives },
    });
  }
}
