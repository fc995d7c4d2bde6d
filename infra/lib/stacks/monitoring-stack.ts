/**
 * What an operator watches (issue 24): one SNS topic every alarm notifies (an e-mail subscription
 * from context `conversa:alarmEmail`), the alarms, and one CloudWatch dashboard.
 *
 * Alarms:
 * - every dead-letter queue (the workers' and the stream consumers') holding a message: work that
 *   failed every retry and waits for a person;
 * - every function's errors and throttles;
 * - each stream consumer's iterator age (the table's changes are not being consumed);
 * - the HTTP API's 5xx;
 * - the session hosts' memory, and sessions wanted but not running (no host has room, or hosts
 *   crash-loop) for 10 minutes.
 * Each alarm costs $0.10 a month; with the default app that is about 70 alarms.
 */
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { FargateService } from 'aws-cdk-lib/aws-ecs';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as xray from 'aws-cdk-lib/aws-xray';
import { tracingMode } from '../constructs/app-function';
import * as subs from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { SESSION_METRICS_NAMESPACE, SESSIONS_RUNNING, SESSIONS_WANTED } from '@conversa/session-host/metrics';

export type MonitoringStackProps = StackProps & {
  /** Functions by a readable name (`api-tickets`, `worker-inbound`, `ws`…). */
  functions: ReadonlyMap<string, IFunction>;
  /** Dead-letter queues by the name of the work they catch. */
  deadLetterQueues: ReadonlyMap<string, IQueue>;
  /** Stream consumers by name (iterator age). */
  streamConsumers: ReadonlyMap<string, IFunction>;
  httpApi: HttpApi;
  sessionHosts?: FargateService;
  /** Context `conversa:alarmEmail`: who gets the alarms (a subscription to confirm). */
  alarmEmail?: string;
};

/** An iterator older than this means the stream is falling behind (batching windows are seconds). */
export const ITERATOR_AGE_ALARM_MS = 5 * 60_000;

export class MonitoringStack extends Stack {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    this.topic = new sns.Topic(this, 'Alarms', { displayName: 'Conversa alarms', enforceSSL: true });
    if (tracingMode(this) === 'active') {
      // Traced, but few: one request a second and then the given share (1 % by default).
      const rate = Number(this.node.tryGetContext('conversa:tracingRate') ?? 0.01);
      if (!(rate >= 0 && rate <= 1)) throw new Error('context conversa:tracingRate must be between 0 and 1');
      new xray.CfnSamplingRule(this, 'Sampling', {
        samplingRule: { ruleName: `${this.stackName}-low`.slice(0, 32), priority: 100, fixedRate: rate, reservoirSize: 1, serviceName: '*', serviceType: 'AWS::Lambda::Function', host: '*', httpMethod: '*', urlPath: '*', resourceArn: '*', version: 1 },
      });
    }
    if (props.alarmEmail) this.topic.addSubscription(new subs.EmailSubscription(props.alarmEmail));
    const action = new SnsAction(this.topic);
    const alarm = (id: string, metric: cloudwatch.IMetric, o: { threshold: number; description: string; periods?: number; comparison?: cloudwatch.ComparisonOperator }) => {
      const a = new cloudwatch.Alarm(this, id, {
        metric,
        threshold: o.threshold,
        evaluationPeriods: o.periods ?? 1,
        comparisonOperator: o.comparison ?? cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        alarmDescription: o.description,
      });
      a.addAlarmAction(action);
      a.addOkAction(action);
      this.alarms.push(a);
      return a;
    };
    const minute = { period: Duration.minutes(1) };
    const fiveMinutes = { period: Duration.minutes(5) };

    for (const [name, dlq] of props.deadLetterQueues) {
      alarm(`Dlq-${name}`, dlq.metricApproximateNumberOfMessagesVisible({ ...fiveMinutes, statistic: 'Maximum' }), { threshold: 1, description: `${name}: a message failed every retry and waits in its dead-letter queue` });
    }
    for (const [name, fn] of props.functions) {
      alarm(`Errors-${name}`, fn.metricErrors({ ...fiveMinutes, statistic: 'Sum' }), { threshold: 5, description: `${name}: 5 or more errors in 5 minutes` });
      alarm(`Throttles-${name}`, fn.metricThrottles({ ...fiveMinutes, statistic: 'Sum' }), { threshold: 1, description: `${name}: throttled (account concurrency reached)` });
    }
    for (const [name, fn] of props.streamConsumers) {
      const age = new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName: 'IteratorAge', dimensionsMap: { FunctionName: fn.functionName }, statistic: 'Maximum', ...minute });
      alarm(`IteratorAge-${name}`, age, { threshold: ITERATOR_AGE_ALARM_MS, periods: 5, description: `${name}: the table's stream is consumed more than 5 minutes late` });
    }
    const api5xx = props.httpApi.metricServerError({ ...fiveMinutes, statistic: 'Sum' });
    alarm('Api5xx', api5xx, { threshold: 10, description: 'HTTP API: 10 or more 5xx answers in 5 minutes' });

    const hostWidgets: cloudwatch.IWidget[] = [];
    if (props.sessionHosts) {
      const memory = props.sessionHosts.metricMemoryUtilization({ ...fiveMinutes, statistic: 'Maximum' });
      alarm('SessionHostMemory', memory, { threshold: 85, periods: 2, description: 'session hosts: memory above 85 % (sessions may crash the task)' });
      const wanted = new cloudwatch.Metric({ namespace: SESSION_METRICS_NAMESPACE, metricName: SESSIONS_WANTED, statistic: 'Maximum', ...minute });
      const running = new cloudwatch.Metric({ namespace: SESSION_METRICS_NAMESPACE, metricName: SESSIONS_RUNNING, statistic: 'Sum', ...minute });
      const unserved = new cloudwatch.MathExpression({ expression: 'wanted - running', usingMetrics: { wanted, running }, label: 'sessions wanted but not running', ...minute });
      alarm('SessionsUnserved', unserved, { threshold: 1, periods: 10, description: 'session hosts: sessions wanted but not running for 10 minutes' });
      hostWidgets.push(
        new cloudwatch.GraphWidget({ title: 'WhatsApp sessions', left: [wanted, running], width: 12 }),
        new cloudwatch.GraphWidget({ title: 'Session hosts: memory and CPU %', left: [memory, props.sessionHosts.metricCpuUtilization({ ...fiveMinutes, statistic: 'Maximum' })], width: 12 }),
      );
    }

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${this.stackName}-overview`,
      defaultInterval: Duration.hours(6),
      widgets: [
        [
          new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 6 }),
        ],
        [
          new cloudwatch.GraphWidget({ title: 'HTTP API: requests, 4xx, 5xx', left: [props.httpApi.metricCount({ ...fiveMinutes, statistic: 'Sum' }), props.httpApi.metricClientError({ ...fiveMinutes, statistic: 'Sum' }), api5xx], width: 12 }),
          new cloudwatch.GraphWidget({ title: 'HTTP API latency (p50, p99)', left: [props.httpApi.metricLatency({ ...fiveMinutes, statistic: 'p50' }), props.httpApi.metricLatency({ ...fiveMinutes, statistic: 'p99' })], width: 12 }),
        ],
        [
          new cloudwatch.GraphWidget({
            title: 'Lambda errors and throttles, by function',
            left: [...props.functions].map(([name, fn]) => fn.metricErrors({ ...fiveMinutes, statistic: 'Sum', label: `${name} errors` })),
            right: [...props.functions].map(([name, fn]) => fn.metricThrottles({ ...fiveMinutes, statistic: 'Sum', label: `${name} throttles` })),
            legendPosition: cloudwatch.LegendPosition.HIDDEN,
            width: 12,
          }),
          new cloudwatch.GraphWidget({
            title: 'Dead-letter queues (messages waiting)',
            left: [...props.deadLetterQueues].map(([name, q]) => q.metricApproximateNumberOfMessagesVisible({ ...fiveMinutes, statistic: 'Maximum', label: name })),
            width: 12,
          }),
        ],
        [
          new cloudwatch.GraphWidget({
            title: 'Stream iterator age (ms)',
            left: [...props.streamConsumers].map(([name, fn]) => new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName: 'IteratorAge', dimensionsMap: { FunctionName: fn.functionName }, statistic: 'Maximum', label: name, ...minute })),
            width: 12,
          }),
          ...hostWidgets.slice(0, 1),
        ],
        hostWidgets.slice(1),
      ].filter((row) => row.length),
    });
  }
}
