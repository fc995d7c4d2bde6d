import { describe, expect, test } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { QUEUE, QUEUES, TICK, type QueueDef } from '@conversa/functions/adapters/queue-config';
import { STREAM_CONSUMERS, streamFilters } from '@conversa/functions/workers/streams';
import { buildTestApp, functionAccess, refTarget, resources, statements } from './helpers';
import type { WorkersStack } from '../lib/stacks/workers-stack';

const SAMPLE: QueueDef[] = [
  { name: 'inbound', fifo: true, visibilityTimeout: 120, maxReceives: 5, batchSize: 10, handler: 'workers/tick' },
  { name: 'campaign-sends', fifo: false, visibilityTimeout: 60, maxReceives: 3, batchSize: 25, handler: 'workers/tick' },
  { name: 'outbound-whatsapp', fifo: true, visibilityTimeout: 30, maxReceives: 4, batchSize: 1 },
];

/** The redrive contract of any queue list: one queue + one DLQ each, FIFO when asked, encrypted, retained. */
function checkQueues(stack: WorkersStack, defs: readonly QueueDef[]) {
  const all = resources(stack, 'AWS::SQS::Queue');
  const mains = Object.entries(all).filter(([, q]) => q.Properties!.RedrivePolicy);
  // Plus one on-failure queue per stream consumer.
  expect(Object.keys(all)).toHaveLength(defs.length * 2 + STREAM_CONSUMERS.length);
  expect(mains).toHaveLength(defs.length);
  for (const def of defs) {
    const wq = stack.queues.get(def.name)!;
    const mainId = stack.getLogicalId(wq.queue.node.defaultChild as never);
    const dlqId = stack.getLogicalId(wq.deadLetterQueue.node.defaultChild as never);
    const main = all[mainId]!.Properties!;
    const dlq = all[dlqId]!.Properties!;
    expect(main.RedrivePolicy, def.name).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: def.maxReceives });
    expect(main.VisibilityTimeout).toBe(def.visibilityTimeout);
    expect(main.MessageRetentionPeriod).toBe(4 * 86400);
    expect(dlq.MessageRetentionPeriod).toBe(14 * 86400);
    expect(main.SqsManagedSseEnabled).toBe(true);
    expect(dlq.SqsManagedSseEnabled).toBe(true);
    expect(main.FifoQueue).toBe(def.fifo ? true : undefined);
    expect(dlq.FifoQueue).toBe(def.fifo ? true : undefined);
  }
}

describe('WorkersStack with the real QUEUES', () => {
  const built = buildTestApp();
  test('every queue of QUEUES has its DLQ and redrive policy', () => checkQueues(built.workers, QUEUES));

  test('the inbound worker has the memory the pipeline bench sized (QueueDef.memoryMb), the others the default', () => {
    const fns = resources(built.workers, 'AWS::Lambda::Function');
    const memoryOf = (name: string) => fns[built.workers.getLogicalId(built.workers.consumers.get(name)!.fn.node.defaultChild as never)]!.Properties!.MemorySize;
    expect(QUEUES.find((q) => q.name === QUEUE.inbound)!.memoryMb).toBe(512);
    expect(memoryOf(QUEUE.inbound)).toBe(512);
    Template.fromStack(built.workers).hasResourceProperties('AWS::Lambda::Function', { Description: `consumer of queue ${QUEUE.inbound}`, MemorySize: 512 });
  });

  test('the company-deletion and company-backup queues have their DLQs, and only their consumers may Scan the table', () => {
    const scanners = ['company-deletion', 'company-backup'];
    for (const name of scanners) {
      const def = QUEUES.find((q) => q.name === name)!;
      expect(def).toMatchObject({ fifo: false, batchSize: 1, handler: `workers/${name}`, scansTable: true });
      expect(def.maxReceives).toBeGreaterThan(1);
      expect(built.workers.queues.get(name)!.deadLetterQueue).toBeDefined();
    }
    expect(QUEUES.filter((q) => q.scansTable).map((q) => q.name).sort()).toEqual([...scanners].sort());
    const roleIds = scanners.map((name) => ({ Ref: built.workers.getLogicalId(built.workers.consumers.get(name)!.fn.role!.node.defaultChild as never) }));
    const policies = resources(built.workers, 'AWS::IAM::Policy');
    const scanning = Object.entries(policies).filter(([, p]) => JSON.stringify(p.Properties!.PolicyDocument).includes('dynamodb:Scan'));
    expect(scanning.flatMap(([, p]) => p.Properties!.Roles as unknown[])).toEqual(expect.arrayContaining(roleIds));
    expect(scanning.flatMap(([, p]) => p.Properties!.Roles as unknown[])).toHaveLength(2);
    // Scan is granted because their code scans (infra/lib/code-access.ts); the synth fails when a QueueDef and its code disagree.
  });

  test(`the tick rule runs ${TICK.handler} every minute`, () => {
    const t = Template.fromStack(built.workers);
    t.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [built.workers.getLogicalId(built.workers.tick!.fn.node.defaultChild as never), 'Arn'] } })],
    });
    t.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { MaximumRetryAttempts: 0 });
    t.hasResourceProperties('AWS::Lambda::Function', { Timeout: 55 });
  });
});

describe('WorkersStack stream consumers', () => {
  const built = buildTestApp();
  const t = Template.fromStack(built.workers);

  test('each consumer reads the table stream: only the entities and events it names, batched, retried, then its failure queue', () => {
    expect(STREAM_CONSUMERS.length).toBeGreaterThan(0);
    for (const def of STREAM_CONSUMERS) {
      const fn = built.workers.streamConsumers.get(def.name)!;
      t.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: built.workers.getLogicalId(fn.fn.node.defaultChild as never) },
        EventSourceArn: Match.anyValue(),
        StartingPosition: 'TRIM_HORIZON',
        BatchSize: def.batchSize,
        MaximumBatchingWindowInSeconds: def.batchingWindowSeconds,
        BisectBatchOnFunctionError: false,
        MaximumRetryAttempts: 10,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
        FilterCriteria: { Filters: streamFilters(def).map((f) => ({ Pattern: JSON.stringify({ eventName: f.events, dynamodb: { NewImage: { entity: { S: [f.entity] } } } }) })) },
      });
    }
  });

  test("a batch that keeps failing goes to the consumer's own on-failure queue: kept 14 days, encrypted, writable by that consumer only", () => {
    const queues = resources(built.workers, 'AWS::SQS::Queue');
    const mappings = Object.values(resources(built.workers, 'AWS::Lambda::EventSourceMapping')).filter((m) => m.Properties!.StartingPosition);
    const policies = statements(built.workers);
    const targets = new Set<string>();
    for (const def of STREAM_CONSUMERS) {
      const fnId = built.workers.getLogicalId(built.workers.streamConsumers.get(def.name)!.fn.node.defaultChild as never);
      const mapping = mappings.find((m) => refTarget(m.Properties!.FunctionName) === fnId)!;
      const dlqId = refTarget(mapping.Properties!.DestinationConfig.OnFailure.Destination)!;
      targets.add(dlqId);
      expect(queues[dlqId]!.Properties, def.name).toMatchObject({ MessageRetentionPeriod: 14 * 86400, SqsManagedSseEnabled: true });
      const senders = policies.filter((p) => p.Action.includes('sqs:SendMessage') && p.Resource.some((r) => refTarget(r) === dlqId));
      expect(senders.length, def.name).toBeGreaterThan(0);
      // Only this consumer's role may send there.
      const roles = new Set(senders.map((p) => p.policy));
      const fnRole = refTarget(resources(built.workers, 'AWS::Lambda::Function')[fnId]!.Properties!.Role);
      for (const policy of roles) expect(resources(built.workers, 'AWS::IAM::Policy')[policy]!.Properties!.Roles.map(refTarget)).toEqual([fnRole]);
    }
    expect(targets.size).toBe(STREAM_CONSUMERS.length);
  });

  test('the table has a new-image stream', () => {
    Template.fromStack(built.data).hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'NEW_IMAGE' } });
  });
});

describe('WorkersStack with sample queues', () => {
  const built = buildTestApp({ queues: SAMPLE });
  const t = Template.fromStack(built.workers);

  test('queues, DLQs and redrive follow the definitions', () => checkQueues(built.workers, SAMPLE));

  test('FIFO queues use high-throughput mode (dedupe and limit per message group)', () => {
    const fifo = built.workers.queues.get('inbound')!.queue;
    const q = resources(built.workers, 'AWS::SQS::Queue')[built.workers.getLogicalId(fifo.node.defaultChild as never)]!;
    expect(q.Properties).toMatchObject({ DeduplicationScope: 'messageGroup', FifoThroughputLimit: 'perMessageGroupId' });
  });

  test('a consumer per queue with a handler, reporting partial batch failures', () => {
    const mappings = Object.values(resources(built.workers, 'AWS::Lambda::EventSourceMapping'));
    expect(mappings.filter((m) => !m.Properties!.StartingPosition)).toHaveLength(2);
    const fnByQueue = (name: string) => built.workers.getLogicalId(built.workers.consumers.get(name)!.fn.node.defaultChild as never);
    t.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnByQueue('inbound') },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    t.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnByQueue('campaign-sends') },
      BatchSize: 25,
      MaximumBatchingWindowInSeconds: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(built.workers.consumers.has('outbound-whatsapp')).toBe(false);
    // Visibility timeout is six times the function timeout.
    const fns = resources(built.workers, 'AWS::Lambda::Function');
    expect(fns[fnByQueue('inbound')]!.Properties!.Timeout).toBe(20);
    expect(fns[fnByQueue('campaign-sends')]!.Properties!.Timeout).toBe(10);
  });

  test('API functions may enqueue where their code does: QUEUE_URL_<NAME> and sqs:SendMessage on that queue only', () => {
    for (const [group, f] of built.api.functions) {
      const fn = resources(built.api, 'AWS::Lambda::Function')[built.api.getLogicalId(f.fn.node.defaultChild as never)]!;
      const env = fn.Properties!.Environment.Variables as Record<string, unknown>;
      const expected = f.access.queues.filter((q) => SAMPLE.some((d) => d.name === q)).map((q) => `QUEUE_URL_${q.replace(/\.fifo$/, '').replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}`).sort();
      expect(Object.keys(env).filter((k) => k.startsWith('QUEUE_URL_')).sort(), group).toEqual(expected);
    }
    const send = statements(built.api).filter((s) => s.Action.includes('sqs:SendMessage'));
    expect(send.length).toBeGreaterThan(0);
    for (const s of send) for (const r of s.Resource) expect(r).not.toBe('*');
  });

  test('consumers bind the table, the media bucket and @connections', () => {
    const fn = resources(built.workers, 'AWS::Lambda::Function')[built.workers.getLogicalId(built.workers.consumers.get('inbound')!.fn.node.defaultChild as never)]!;
    expect(Object.keys(fn.Properties!.Environment.Variables)).toEqual(expect.arrayContaining(['TABLE_NAME', 'MEDIA_BUCKET', 'WS_MANAGEMENT_ENDPOINT']));
    const actions = statements(built.workers).flatMap((s) => s.Action);
    expect(actions).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'dynamodb:PutItem', 's3:PutObject', 'execute-api:ManageConnections']));
    expect(refTarget(fn.Properties!.Role)).toBeDefined();
  });
});

describe('WorkersStack: the schedule sender (scheduled messages)', () => {
  const built = buildTestApp();
  const t = Template.fromStack(built.workers);
  const wq = built.workers.queues.get(QUEUE.scheduleSends)!;
  const queueId = built.workers.getLogicalId(wq.queue.node.defaultChild as never);

  test('a standard queue (per-message delays for the seconds), dead-lettered after 5 tries', () => {
    const q = resources(built.workers, 'AWS::SQS::Queue')[queueId]!.Properties!;
    expect(q.FifoQueue).toBeUndefined();
    expect(q.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [built.workers.getLogicalId(wq.deadLetterQueue.node.defaultChild as never), 'Arn'] }, maxReceiveCount: 5 });
  });

  test('its consumer is workers/schedule-sends, ten records a batch, reporting partial batch failures', () => {
    const fn = built.workers.consumers.get(QUEUE.scheduleSends)!;
    t.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: built.workers.getLogicalId(fn.fn.node.defaultChild as never) },
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  test('the tick may queue due schedules on it (its URL and sqs:SendMessage on that queue)', () => {
    const { statements: st, env } = functionAccess(built.workers.tick!.fn);
    expect(env.QUEUE_URL_SCHEDULE_SENDS).toEqual({ Ref: queueId });
    expect(st.some((s) => s.Action.includes('sqs:SendMessage') && s.Resource.some((r) => refTarget(r) === queueId))).toBe(true);
  });
});
