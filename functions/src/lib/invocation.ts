/** What every handler uses first: its logs' context (log.ts) and, when tracing is on, its trace (trace.ts). */
import type middy from '@middy/core';
import { logContext } from './log';
import { traceContext } from './trace';

export const invocationContext = (): middy.MiddlewareObj[] => [logContext() as middy.MiddlewareObj, ...traceContext()];
