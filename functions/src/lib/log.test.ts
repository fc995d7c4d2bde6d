/**
 * Every Lambda handler logs through Powertools with its invocation's context (issue 24): the HTTP
 * groups through the endpoint core, the WebSocket handler and every worker by `.use(logContext())`.
 * A line carries the request id, the company set for the invocation, and the message's data
 * (a `message` field kept as `detail`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { resetEnvCache } from './config';
import { log, logCompany, logContext, resetLogger } from './log';

const SRC = join(__dirname, '..');

describe('logs', () => {
  it('every handler module uses the log context middleware', () => {
    const handlers = [
      join(SRC, 'http', 'endpoint-core.ts'),
      join(SRC, 'ws', 'handler.ts'),
      ...readdirSync(join(SRC, 'workers'))
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'streams.ts')
        .map((f) => join(SRC, 'workers', f)),
    ];
    // A worker built on job-worker.ts gets it there.
    const missing = handlers.filter((f) => !/\.use\(invocationContext\(\)\)|from '\.\/job-worker'/.test(readFileSync(f, 'utf8')));
    expect(missing).toEqual([]);
  });

  it('a line names the function request and the company, with the data, in JSON', async () => {
    const saved = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'info';
    resetEnvCache();
    resetLogger();
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((l: string | Uint8Array) => (lines.push(String(l)), true));
    try {
      const handler = middy<{ cid: number }, void>()
        .use(logContext())
        .handler(async (e) => {
          logCompany(e.cid);
          log.info('did the thing', { ticketId: 9 });
          if (e.cid === 8) log.info('provider said', { message: 'busy' });
        });
      const context = { awsRequestId: 'req-123', functionName: 'fn', functionVersion: '1', invokedFunctionArn: 'arn', memoryLimitInMB: '512', getRemainingTimeInMillis: () => 1000 } as unknown as Context;
      await handler({ cid: 7 }, context);
      await handler({ cid: 8 }, context);
    } finally {
      spy.mockRestore();
      process.env.LOG_LEVEL = saved;
      resetEnvCache();
      resetLogger();
    }
    const parsed = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed).toHaveLength(3);
    expect(parsed[0]).toMatchObject({ level: 'INFO', message: 'did the thing', ticketId: 9, companyId: 7, function_request_id: 'req-123', service: 'conversa' });
    expect(parsed[1]).toMatchObject({ companyId: 8 });
    // Powertools would drop a `message` key (its own): it is kept as `detail`.
    expect(parsed[2]).toMatchObject({ message: 'provider said', detail: 'busy', companyId: 8 });
  });
});
