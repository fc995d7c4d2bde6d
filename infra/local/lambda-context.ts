/** A Lambda `Context` for handlers invoked in this process. */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

export function lambdaContext(functionName: string, timeoutMs: number, requestId: string = randomUUID()): Context {
  const deadline = Date.now() + timeoutMs;
  const name = `conversa-${functionName.replace(/[^A-Za-z0-9-_]/g, '-')}`;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: `local/${new Date().toISOString().slice(0, 10)}/${requestId}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
