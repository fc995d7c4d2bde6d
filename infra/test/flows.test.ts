/**
 * The flow runtime in AWS (issue 23): the flow-wakes queue (standard, for the intervals' delays)
 * with its DLQ and alarm, consumed by workers/flow-wakes; the inbound worker may queue wakes; and
 * the loopback allowance the local test stack uses for its fake web service is on no function.
 */
import { describe, expect, test } from 'vitest';
import { Template } from 'aws-cdk-lib/assertions';
import { QUEUE } from '@conversa/functions/adapters/queue-config';
import { ALLOW_LOOPBACK_ENV } from '@conversa/functions/lib/guarded-fetch';
import { buildTestApp, functionAccess, resources } from './helpers';

const built = buildTestApp({ context: { 'conversa:alarmEmail': 'ops@example.com' } });
const stacks = [built.api, built.workers, built.realtime, built.sessionHost, built.monitoring, built.data, built.storage];

describe('flow runtime infrastructure', () => {
  test('no function of any stack has the loopback allowance of the test stack', () => {
    let functions = 0;
    for (const stack of stacks) {
      for (const fn of Object.values(resources(stack, 'AWS::Lambda::Function'))) {
        functions += 1;
        expect(Object.keys(fn.Properties?.Environment?.Variables ?? {})).not.toContain(ALLOW_LOOPBACK_ENV);
      }
      expect(JSON.stringify(Template.fromStack(stack).toJSON())).not.toContain(ALLOW_LOOPBACK_ENV);
    }
    expect(functions).toBeGreaterThan(10);
  });

  test('flow-wakes: a standard queue dead-lettered after 5 tries, consumed by workers/flow-wakes', () => {
    const wq = built.workers.queues.get(QUEUE.flowWakes)!;
    const q = resources(built.workers, 'AWS::SQS::Queue')[built.workers.getLogicalId(wq.queue.node.defaultChild as never)]!.Properties!;
    expect(q.FifoQueue).toBeUndefined();
    expect(q.RedrivePolicy.maxReceiveCount).toBe(5);
    expect(built.workers.consumers.get(QUEUE.flowWakes)?.access.files).toContain('functions/src/workers/flow-wakes.ts');
  });

  test('its DLQ has an alarm at one message', () => {
    const wq = built.workers.queues.get(QUEUE.flowWakes)!;
    const dlqName = built.workers.getLogicalId(wq.deadLetterQueue.node.defaultChild as never);
    const alarms = Object.values(resources(built.monitoring, 'AWS::CloudWatch::Alarm')).filter((a) => a.Properties!.MetricName === 'ApproximateNumberOfMessagesVisible');
    const mine = alarms.filter((a) => JSON.stringify(a.Properties!.Dimensions).includes(dlqName));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.Properties).toMatchObject({ Threshold: 1, Namespace: 'AWS/SQS' });
  });

  test('the inbound worker (where flows run) may queue wakes, and the wake worker may too (an interval after an interval)', () => {
    for (const name of [QUEUE.inbound, QUEUE.flowWakes]) {
      const fn = built.workers.consumers.get(name)!;
      expect(fn.access.queues, name).toContain(QUEUE.flowWakes);
      expect(Object.keys(functionAccess(fn.fn).env), name).toContain('QUEUE_URL_FLOW_WAKES');
    }
  });
});
