/**
 * X-Ray through Powertools Tracer (issue 24), loaded only in a function whose tracing is on: the
 * CDK sets POWERTOOLS_TRACE_ENABLED=true beside Tracing.ACTIVE when the context asks for it
 * (`conversa:tracing`, sampled low in monitoring-stack.ts). Off — the default, as X-Ray can cost
 * more than the messages — nothing of the tracer or the X-Ray SDK is loaded (they live in a lazy
 * chunk: trace-active.ts), so the message path keeps its bundle size and cold start.
 *
 * On: each invocation is a subsegment with its cold start and errors (`invocationContext()`), and
 * every AWS SDK client made through `traced()` records its calls (DynamoDB, SQS, S3, the socket API).
 */
import type middy from '@middy/core';

type Active = typeof import('./trace-active');

export const tracingOn = (): boolean => process.env.POWERTOOLS_TRACE_ENABLED === 'true';

let active: Active | undefined;
let loading: Promise<Active> | undefined;
const load = (): Promise<Active> => (loading ??= import('./trace-active').then((m) => (active = m)));

/** The client, its calls recorded when tracing is on (at once when the tracer is loaded, else as soon as it is). */
export function traced<C extends object>(client: C): C {
  if (!tracingOn()) return client;
  if (active) return active.capture(client);
  void load().then((m) => m.capture(client));
  return client;
}

/** The handler's segment when tracing is on; nothing at all when off. */
export function traceContext(): middy.MiddlewareObj[] {
  if (!tracingOn()) return [];
  const mw = () => load().then((m) => m.handlerMiddleware());
  return [
    {
      before: async (request) => (await mw()).before?.(request),
      after: async (request) => (await mw()).after?.(request),
      onError: async (request) => (await mw()).onError?.(request),
    },
  ];
}
