/**
 * Tracing (issue 24): off by default, nothing of the tracer loaded and the clients untouched; on
 * (POWERTOOLS_TRACE_ENABLED=true, set by the CDK beside Tracing.ACTIVE), the SDK clients record
 * their calls through X-Ray and every handler opens its segment through Powertools Tracer.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import middy from '@middy/core';
import { afterEach, describe, expect, it, vi } from 'vitest';

const names = (c: DynamoDBClient) => c.middlewareStack.identify().join(' ');
const ENV = ['POWERTOOLS_TRACE_ENABLED', 'AWS_EXECUTION_ENV', 'LAMBDA_TASK_ROOT', '_HANDLER', '_X_AMZN_TRACE_ID', 'AWS_XRAY_CONTEXT_MISSING', 'AWS_XRAY_LOG_LEVEL'] as const;
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));

afterEach(() => {
  for (const k of ENV) if (saved[k] === undefined) delete process.env[k];
  else process.env[k] = saved[k];
  vi.resetModules();
});

describe('tracing', () => {
  it('off: the handlers get no trace middleware and the clients stay as they were', async () => {
    delete process.env.POWERTOOLS_TRACE_ENABLED;
    const { traceContext, traced, tracingOn } = await import('./trace');
    expect(tracingOn()).toBe(false);
    expect(traceContext()).toEqual([]);
    const client = new DynamoDBClient({ region: 'us-east-1' });
    const before = names(client);
    expect(traced(client)).toBe(client);
    expect(names(client)).toBe(before);
    expect(before).not.toMatch(/XRay/i);
  });

  it('on: an invocation runs inside its segment and a client made then records its calls', async () => {
    Object.assign(process.env, {
      POWERTOOLS_TRACE_ENABLED: 'true',
      // What the Lambda runtime sets (the X-Ray SDK then works with the function's own segment).
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
      LAMBDA_TASK_ROOT: '/var/task',
      _HANDLER: 'index.handler',
      _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1',
      AWS_XRAY_CONTEXT_MISSING: 'IGNORE_ERROR',
      AWS_XRAY_LOG_LEVEL: 'silent',
    });
    const { traceContext, traced } = await import('./trace');
    const mws = traceContext();
    expect(mws).toHaveLength(1);
    let segment: string | undefined;
    const handler = middy<unknown, string>()
      .use(mws)
      .handler(async () => {
        const { segmentName, tracing } = await import('./trace-active');
        expect(tracing()).toBe(true);
        const client = traced(new DynamoDBClient({ region: 'us-east-1' }));
        expect(names(client)).toMatch(/XRaySDKInstrumentation/);
        segment = segmentName();
        return 'done';
      });
    const context = { awsRequestId: 'r-1', functionName: 'fn', functionVersion: '1', invokedFunctionArn: 'arn', memoryLimitInMB: '512', getRemainingTimeInMillis: () => 1000 };
    await expect(handler({}, context as never)).resolves.toBe('done');
    // Powertools opens a subsegment named after the handler inside Lambda's own segment.
    expect(segment).toBe('## index.handler');
  });
});
