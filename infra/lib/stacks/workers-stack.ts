/**
 * Background work: one WorkerQueue per QueueDef (queue + DLQ), a consumer Lambda per queue that
 * names a handler (partial batch failures), and the EventBridge tick → functions/src/workers/tick.
 * The queue list is a prop (the app passes QUEUES) so tests can build it with sample queues.
 */
import { CustomResource, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cr from 'aws-cdk-lib/custom-resources';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import type { QueueDef } from '@conversa/functions/adapters/queue-config';
import { streamFilters, type StreamConsumerDef } from '@conversa/functions/workers/streams';
import { AppFunction, type AppResources } from '../constructs/app-function';
import { DLQ_RETENTION, WorkerQueue } from '../constructs/worker-queue';

export type TickDef = { handler: string; everyMinutes: number };

export type WorkersStackProps = StackProps & {
  queues: readonly QueueDef[];
  tick?: TickDef;
  /** Consumers of the table's stream (functions/src/workers/streams.ts); the table must have a stream. */
  streams?: readonly StreamConsumerDef[];
  resources: Omit<AppResources, 'queues'>;
  /**
   * The platform's bootstrap on deploy (functions/src/workers/bootstrap.ts): the plans, company 1
   * and its super admin (context `conversa:adminEmail`), who signs in with the generated password.
   */
  bootstrap?: { adminEmail: string };
};

/** `inbound-events` → `InboundEvents` (construct ids, and so logical ids, stay readable). */
const pascal = (name: string): string =>
  name
    .replace(/\.fifo$/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/**
 * AWS asks for a queue visibility timeout of at least six times the function timeout (room for
 * retries when the function is throttled), so the QueueDef's visibilityTimeout is the one knob.
 */
export function consumerTimeout(def: QueueDef): Duration {
  return Duration.seconds(Math.min(900, Math.max(1, Math.floor(def.visibilityTimeout / 6))));
}

export class WorkersStack extends Stack {
  readonly queues = new Map<string, WorkerQueue>();
  readonly consumers = new Map<string, AppFunction>();
  readonly tick?: AppFunction;
  readonly tickRule?: events.Rule;
  readonly streamConsumers = new Map<string, AppFunction>();
  readonly bootstrap?: CustomResource;
  /** Each stream consumer's dead-letter queue (the records it gave up on). */
  readonly streamDlqs = new Map<string, sqs.Queue>();

  constructor(scope: Construct, id: string, props: WorkersStackProps) {
    super(scope, id, props);

    const seen = new Set<string>();
    for (const def of props.queues) {
      const key = pascal(def.name);
      if (seen.has(key)) throw new Error(`queue names collide: ${def.name}`);
      seen.add(key);
      this.queues.set(def.name, new WorkerQueue(this, key, def));
    }
    const queueMap: ReadonlyMap<string, IQueue> = new Map([...this.queues].map(([name, q]) => [name, q.queue]));
    const resources: AppResources = { ...props.resources, queues: queueMap };

    for (const [name, wq] of this.queues) {
      const def = wq.def;
      if (!def.handler) continue; // consumed elsewhere (e.g. outbound WhatsApp by the session host)
      const consumer = new AppFunction(this, `${pascal(name)}Consumer`, {
        module: def.handler,
        description: `consumer of queue ${name}`,
        resources,
        timeout: consumerTimeout(def),
        ...(def.memoryMb ? { memorySize: def.memoryMb } : {}),
      });
      // Scan is granted where the code scans (codeAccess); only the consumers that declare it may.
      if (consumer.access.table.includes('dynamodb:Scan') !== Boolean(def.scansTable)) {
        throw new Error(`${def.handler}: its code ${def.scansTable ? 'does not scan' : 'scans'} the table but its QueueDef says scansTable ${Boolean(def.scansTable)}`);
      }
      consumer.fn.addEventSource(
        new SqsEventSource(wq.queue, {
          batchSize: def.batchSize,
          reportBatchItemFailures: true,
          // Standard queues need a batching window above 10 messages; FIFO queues allow none.
          ...(!def.fifo && def.batchSize > 10 ? { maxBatchingWindow: Duration.seconds(1) } : {}),
        }),
      );
      this.consumers.set(name, consumer);
    }

    for (const def of props.streams ?? []) {
      const key = pascal(def.name);
      const consumer = new AppFunction(this, `${key}StreamConsumer`, {
        module: def.handler,
        description: `consumer of the table's stream: ${def.name}`,
        resources,
        timeout: Duration.seconds(60),
      });
      // The on-failure destination: a batch that failed all its tries is described here (shard and
      // sequence numbers, to read again from the stream), encrypted like the worker queues' DLQs.
      const failed = new sqs.Queue(this, `${key}StreamDlq`, { retentionPeriod: DLQ_RETENTION, encryption: sqs.QueueEncryption.SQS_MANAGED, enforceSSL: true });
      consumer.fn.addEventSource(
        new DynamoEventSource(resources.table as ITable, {
          startingPosition: lambda.StartingPosition.TRIM_HORIZON,
          batchSize: def.batchSize,
          maxBatchingWindow: Duration.seconds(def.batchingWindowSeconds),
          // The handler reports the first record it did not finish; a batch is never split (its
          // guard is named after its first record: workers/message-totals.ts).
          reportBatchItemFailures: true,
          bisectBatchOnError: false,
          retryAttempts: 10,
          onFailure: new SqsDlq(failed),
          filters: streamFilters(def).map((f) => lambda.FilterCriteria.filter({ eventName: lambda.FilterRule.or(...f.events), dynamodb: { NewImage: { entity: { S: lambda.FilterRule.isEqual(f.entity) } } } })),
        }),
      );
      this.streamConsumers.set(def.name, consumer);
      this.streamDlqs.set(def.name, failed);
    }

    if (props.bootstrap) {
      const fn = new AppFunction(this, 'Bootstrap', { module: 'workers/bootstrap', description: 'deploy: plans, platform company and its super admin', resources, timeout: Duration.seconds(60) });
      const provider = new cr.Provider(this, 'BootstrapProvider', { onEventHandler: fn.fn });
      // A new admin e-mail makes an update (a second super admin is created; the first stays).
      this.bootstrap = new CustomResource(this, 'PlatformBootstrap', { serviceToken: provider.serviceToken, properties: { AdminEmail: props.bootstrap.adminEmail } });
    }

    if (props.tick) {
      this.tick = new AppFunction(this, 'Tick', {
        module: props.tick.handler,
        description: `tick every ${props.tick.everyMinutes} minute(s): schedules, campaigns, auto-close, expiry`,
        resources,
        timeout: Duration.seconds(Math.min(900, 60 * props.tick.everyMinutes - 5)),
      });
      // A failed tick is superseded by the next one: no async retries that would overlap it.
      this.tick.fn.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(2) });
      this.tickRule = new events.Rule(this, 'TickRule', {
        description: 'Conversa tick',
        schedule: events.Schedule.rate(Duration.minutes(props.tick.everyMinutes)),
        targets: [new targets.LambdaFunction(this.tick.fn, { retryAttempts: 0 })],
      });
    }
  }
}
