/** The tracer itself (imported only by trace.ts, when tracing is on: a chunk of its own). */
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type middy from '@middy/core';

const tracer = new Tracer({ serviceName: 'conversa' });
let middleware: middy.MiddlewareObj | undefined;

export const capture = <C extends object>(client: C): C => tracer.captureAWSv3Client(client);

/** One middleware object for the container (Powertools keeps the segment between before and after). */
export function handlerMiddleware(): middy.MiddlewareObj {
  // Responses may hold customers' data: never put into the traces.
  return (middleware ??= captureLambdaHandler(tracer, { captureResponse: false }) as middy.MiddlewareObj);
}

export const tracing = (): boolean => tracer.isTracingEnabled();

/** The open segment's name (tests). */
export const segmentName = (): string | undefined => tracer.getSegment()?.name;
