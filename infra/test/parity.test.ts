/**
 * Issue 24, CI: the local stack and AWS run the same tables (ROUTES, QUEUES, STREAM_CONSUMERS,
 * TICK): every entry the local stack serves has its AWS counterpart, so a route, queue or stream
 * consumer added locally fails here until the CDK app has it.
 */
import { describe, expect, test } from 'vitest';
import { Template } from 'aws-cdk-lib/assertions';
import { QUEUES, TICK } from '@conversa/functions/adapters/queue-config';
import { ROUTES, routeKey } from '@conversa/functions/http/routes';
import { STREAM_CONSUMERS } from '@conversa/functions/workers/streams';
import { buildTestApp, resources, statements } from './helpers';

const built = buildTestApp();

describe('local ↔ AWS parity', () => {
  test('every route of the local gateway is an API Gateway route', () => {
    const keys = Object.values(resources(built.api, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties!.RouteKey as string);
    expect(ROUTES.map(routeKey).filter((k) => !keys.includes(k))).toEqual([]);
  });

  test('every queue is an SQS queue with a DLQ, consumed by its Lambda or by the session host', () => {
    const hostConsumes = statements(built.sessionHost).filter((s) => s.Action.includes('sqs:ReceiveMessage')).flatMap((s) => s.Resource.map((r) => JSON.stringify(r)));
    for (const def of QUEUES) {
      const wq = built.workers.queues.get(def.name);
      expect(wq, def.name).toBeDefined();
      if (def.handler) {
        const consumer = built.workers.consumers.get(def.name);
        expect(consumer?.access.files, def.name).toContain(`functions/src/${def.handler}.ts`);
      } else {
        const arn = JSON.stringify(built.workers.resolve(wq!.queue.queueArn));
        expect(hostConsumes.some((r) => r.includes(JSON.parse(arn)['Fn::GetAtt']?.[0] ?? arn)), `${def.name}: no Lambda and not the session host's`).toBe(true);
      }
    }
  });

  test('every stream consumer is a Lambda with its event source; the tick is a rule', () => {
    const mappings = Object.values(resources(built.workers, 'AWS::Lambda::EventSourceMapping')).filter((m) => JSON.stringify(m.Properties!.EventSourceArn ?? '').includes('StreamArn'));
    expect(mappings.length).toBe(STREAM_CONSUMERS.length);
    for (const c of STREAM_CONSUMERS) expect(built.workers.streamConsumers.get(c.name)?.access.files, c.name).toContain(`functions/src/${c.handler}.ts`);
    expect(built.workers.tick?.access.files).toContain(`functions/src/${TICK.handler}.ts`);
    Template.fromStack(built.workers).hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: `rate(${TICK.everyMinutes} minute${TICK.everyMinutes === 1 ? '' : 's'})` });
  });
});
