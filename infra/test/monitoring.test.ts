/**
 * Issue 24, alarms and the dashboard: one alarm per dead-letter queue, errors and throttles per
 * function, iterator age per stream consumer, API 5xx, the session hosts' memory and unserved
 * sessions; all to one SNS topic (e-mail from context); one dashboard.
 */
import { describe, expect, test } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { QUEUES } from '@conversa/functions/adapters/queue-config';
import { STREAM_CONSUMERS } from '@conversa/functions/workers/streams';
import { buildTestApp } from './helpers';

describe('MonitoringStack', () => {
  const built = buildTestApp({ context: { 'conversa:alarmEmail': 'ops@example.com' } });
  const t = Template.fromStack(built.monitoring);
  const alarms = Object.values(t.findResources('AWS::CloudWatch::Alarm')) as { Properties: Record<string, any> }[];
  const described = (re: RegExp) => alarms.filter((a) => re.test(a.Properties.AlarmDescription));

  test('every dead-letter queue (workers and stream consumers) has its alarm at one message', () => {
    const dlqAlarms = alarms.filter((a) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible');
    expect(dlqAlarms).toHaveLength(QUEUES.length + STREAM_CONSUMERS.length);
    for (const a of dlqAlarms) expect(a.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', Namespace: 'AWS/SQS' });
  });

  test('every function has an errors and a throttles alarm; every stream consumer an iterator-age alarm', () => {
    const fnCount = built.api.functions.size + built.workers.consumers.size + built.workers.streamConsumers.size + (built.workers.tick ? 1 : 0) + 1;
    expect(alarms.filter((a) => a.Properties.MetricName === 'Errors')).toHaveLength(fnCount);
    expect(alarms.filter((a) => a.Properties.MetricName === 'Throttles')).toHaveLength(fnCount);
    expect(alarms.filter((a) => a.Properties.MetricName === 'IteratorAge')).toHaveLength(STREAM_CONSUMERS.length);
  });

  test('API 5xx, session host memory and sessions wanted but not running', () => {
    expect(alarms.filter((a) => a.Properties.MetricName === '5xx')).toHaveLength(1);
    expect(alarms.filter((a) => a.Properties.MetricName === 'MemoryUtilization' && a.Properties.Namespace === 'AWS/ECS')).toHaveLength(1);
    const unserved = described(/wanted but not running/);
    expect(unserved).toHaveLength(1);
    expect(JSON.stringify(unserved[0]!.Properties.Metrics)).toContain('wanted - running');
    expect(unserved[0]!.Properties.EvaluationPeriods).toBe(10);
  });

  test('every alarm notifies the one topic, which mails the context address', () => {
    const topics = Object.keys(t.findResources('AWS::SNS::Topic'));
    expect(topics).toHaveLength(1);
    for (const a of alarms) {
      expect(a.Properties.AlarmActions).toEqual([{ Ref: topics[0] }]);
      expect(a.Properties.OKActions).toEqual([{ Ref: topics[0] }]);
    }
    t.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    const quiet = buildTestApp();
    Template.fromStack(quiet.monitoring).resourceCountIs('AWS::SNS::Subscription', 0);
  });

  test('one dashboard with the alarms, the API, the functions, the queues, the stream and the sessions', () => {
    t.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const body = JSON.stringify(t.findResources('AWS::CloudWatch::Dashboard'));
    for (const title of ['Alarms', 'HTTP API', 'Lambda errors and throttles', 'Dead-letter queues', 'Stream iterator age', 'WhatsApp sessions', 'Session hosts: memory']) expect(body).toContain(title);
    t.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: Match.anyValue() });
  });
});
