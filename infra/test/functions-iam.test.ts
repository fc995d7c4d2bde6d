import { describe, expect, test } from 'vitest';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { Stack } from 'aws-cdk-lib';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { AppFunction, queueUrlEnvName } from '../lib/constructs/app-function';
import { buildTestApp, resources, statements, testApp } from './helpers';

const built = buildTestApp({
  queues: [{ name: 'inbound', fifo: true, visibilityTimeout: 60, maxReceives: 5, batchSize: 10, handler: 'workers/tick' }],
});
const allStacks = [built.data, built.storage, built.realtime, built.workers, built.api, built.web, built.sessionHost];

describe('every app Lambda', () => {
  const appStacks = [built.api, built.realtime, built.workers];
  const fns = appStacks.flatMap((s) => Object.values(resources(s, 'AWS::Lambda::Function')));

  test('is arm64 on nodejs24.x, X-Ray off by default (pass-through), with its own log group, JSON logs without the platform lines below WARN', () => {
    expect(fns.length).toBeGreaterThanOrEqual(4 + 1 + 2); // groups, ws handler, tick + consumer
    for (const fn of fns) {
      expect(fn.Properties!.Architectures, fn.Properties!.Description).toEqual(['arm64']);
      expect(fn.Properties!.Runtime).toBe('nodejs24.x');
      expect(fn.Properties!.TracingConfig).toEqual({ Mode: 'PassThrough' });
      expect(fn.Properties!.Environment.Variables.POWERTOOLS_TRACE_ENABLED).toBeUndefined();
      expect(fn.Properties!.LoggingConfig.LogGroup).toBeDefined();
      expect(fn.Properties!.LoggingConfig).toMatchObject({ LogFormat: 'JSON', SystemLogLevel: 'WARN', ApplicationLogLevel: 'INFO' });
      expect(fn.Properties!.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
    }
    for (const s of appStacks) Template.fromStack(s).allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
    Template.fromStack(built.monitoring).resourceCountIs('AWS::XRay::SamplingRule', 0);
  });

  test('context tracing=active: X-Ray on every function with Powertools Tracer, sampled low (one a second, then 1 % or tracingRate)', () => {
    const traced = buildTestApp({ context: { 'conversa:tracing': 'active', 'conversa:tracingRate': 0.02 } });
    for (const fn of Object.values(resources(traced.workers, 'AWS::Lambda::Function'))) {
      expect(fn.Properties!.TracingConfig).toEqual({ Mode: 'Active' });
      // The handlers load Powertools Tracer (functions/src/lib/trace.ts) only with this.
      expect(fn.Properties!.Environment.Variables.POWERTOOLS_TRACE_ENABLED).toBe('true');
    }
    Template.fromStack(traced.monitoring).hasResourceProperties('AWS::XRay::SamplingRule', { SamplingRule: Match.objectLike({ FixedRate: 0.02, ReservoirSize: 1 }) });
    expect(() => buildTestApp({ context: { 'conversa:tracing': 'sometimes' } })).toThrow(/off or active/);
  });
});

describe('IAM', () => {
  test('no dynamodb or s3 action is granted on Resource "*"', () => {
    let checked = 0;
    for (const stack of allStacks) {
      for (const st of statements(stack)) {
        if (!st.Action.some((a) => a.startsWith('dynamodb:') || a.startsWith('s3:'))) continue;
        // The stream event source's ListStreams supports no resource (AWS requires "*"); nothing else rides with it.
        if (st.Action.every((a) => a === 'dynamodb:ListStreams' || a.startsWith('xray:'))) continue;
        checked++;
        expect(st.Resource, `${stack.stackName} ${st.policy} ${st.Action.join(',')}`).not.toContain('*');
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  test('table grants name the table and its indexes, and Scan only in the workers stack (its two scanning workers)', () => {
    const tableArnOutput = built.data.resolve(built.data.table.tableArn) as unknown;
    expect(tableArnOutput).toEqual({ 'Fn::GetAtt': [built.data.getLogicalId(built.data.table.node.defaultChild as never), 'Arn'] });
    for (const stack of [built.api, built.realtime, built.workers, built.sessionHost]) {
      const sts = statements(stack).filter((s) => s.Action.some((a) => a.startsWith('dynamodb:')) && !s.Action.some((a) => a === 'dynamodb:ListStreams' || a.startsWith('dynamodb:GetRecords')));
      expect(sts.length, stack.stackName).toBeGreaterThan(0);
      for (const st of sts) {
        // What each function's code calls (least-privilege.test.ts checks them one by one); Scan only in the two scanning workers.
        expect(st.Action.every((a) => a.startsWith('dynamodb:')), stack.stackName).toBe(true);
        if (stack !== built.workers) expect(st.Action).not.toContain('dynamodb:Scan');
        const text = JSON.stringify(st.Resource);
        expect(st.Resource).toHaveLength(2);
        expect(text).toContain('Conversa-Data'); // the table's ARN, read from the data stack
        expect(text).toContain('/index/*');
      }
    }
  });
});

describe('AppFunction', () => {
  const resourcesFor = (stack: Stack) => ({
    table: new Table(stack, 'Table', { partitionKey: { name: 'PK', type: AttributeType.STRING } }),
    mediaBucket: new Bucket(stack, 'Bucket'),
    jwtSecret: new Secret(stack, 'Secret'),
    environment: {},
  });

  test('bundles an entry that exists with the local esbuild (asset code, handler index.handler)', () => {
    const app = testApp();
    const stack = new Stack(app, 'T');
    const fn = new AppFunction(stack, 'F', { module: 'workers/mail-sends', description: 'd', resources: resourcesFor(stack) });
    expect(fn.bundled).toBe(true);
    const res = Object.values(resources(stack, 'AWS::Lambda::Function'))[0]!;
    expect(res.Properties!.Handler).toBe('index.handler');
    expect(res.Properties!.Code.S3Key).toBeDefined();
  });

  test('a missing handler file fails the synth', () => {
    const stack = new Stack(testApp(), 'T');
    expect(() => new AppFunction(stack, 'F', { module: 'http/nope', description: 'd', resources: resourcesFor(stack) })).toThrow(/functions\/src\/http\/nope.ts does not exist/);
  });

  test('queue env names', () => {
    expect(queueUrlEnvName('inbound')).toBe('QUEUE_URL_INBOUND');
    expect(queueUrlEnvName('campaign-sends.fifo')).toBe('QUEUE_URL_CAMPAIGN_SENDS');
  });
});
