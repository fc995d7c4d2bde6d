/**
 * The app server's phases: /api (health included) answers 503 ERR_SERVICE_UNAVAILABLE with
 * Retry-After until open(), while a stand-in is down, and from drain() on, which waits for the /api
 * requests under way; the internal routes (queues) keep answering until close().
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAppServer, type AppRoutes, type AppServer } from './app-server';
import { sendJson } from './errors';
import { createLogger } from './log';
import { LocalQueues } from './queues';
import { createStaticFiles } from './static-files';
import { createWsGateway } from './ws-gateway';

const log = createLogger(false);
let app: AppServer | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Routes whose API answers 200 after `gate` resolves (a request under way while the server drains). */
function routes(gate: Promise<void>, down = () => false): AppRoutes {
  return {
    httpGateway: async (req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      await gate;
      sendJson(res, 200, { ok: true });
    },
    wsGateway: createWsGateway({ resolve: async () => undefined, log }),
    staticFiles: createStaticFiles(path.join(import.meta.dirname, 'testdata', 'no-web')),
    queues: new LocalQueues([{ name: 'jobs', fifo: false, visibilityTimeout: 30, maxReceives: 3, batchSize: 10 }]),
    health: async () => ({ ok: true, checks: {} }),
    unavailable: down,
    mails: () => [],
    clearMails: () => undefined,
  };
}

const get = async (url: string) => {
  const res = await fetch(url, { headers: { 'accept-language': 'en' } });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, unknown> };
};

describe('app server phases', () => {
  it('answers /api 503 until open(): health is 200 only once the stack is ready to use', async () => {
    app = await startAppServer({ port: 0, log });
    const base = `http://127.0.0.1:${app.port}`;
    app.ready(routes(Promise.resolve()));
    expect(await get(`${base}/api/health`)).toEqual({ status: 503, retryAfter: '1', body: { status: 'starting' } });
    expect(await get(`${base}/api/auth/login`)).toEqual({ status: 503, retryAfter: '1', body: { error: 'ERR_SERVICE_UNAVAILABLE', message: 'The service is unavailable right now. Try again in a few seconds.' } });
    // The queues already answer (the session host starts before the stack is ready).
    expect((await get(`${base}/_sqs/jobs`)).status).toBe(200);
    app.open();
    expect(await get(`${base}/api/health`)).toEqual({ status: 200, retryAfter: null, body: { status: 'ok' } });
    expect((await get(`${base}/api/auth/login`)).status).toBe(200);
  });

  it('answers /api 503 while a stand-in is down (DynamoDB Local restarting)', async () => {
    let down = true;
    app = await startAppServer({ port: 0, log });
    const base = `http://127.0.0.1:${app.port}`;
    app.ready(routes(Promise.resolve(), () => down));
    app.open();
    expect(await get(`${base}/api/tickets`)).toMatchObject({ status: 503, retryAfter: '2', body: { error: 'ERR_SERVICE_UNAVAILABLE' } });
    down = false;
    expect((await get(`${base}/api/tickets`)).status).toBe(200);
  });

  it('drain(): new /api requests get 503 at once, the ones under way answer, the queues stay up', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    app = await startAppServer({ port: 0, log });
    const base = `http://127.0.0.1:${app.port}`;
    app.ready(routes(gate));
    app.open();
    const underWay = get(`${base}/api/sandbox/1/inbound`);
    await new Promise((r) => setTimeout(r, 100));
    let drained = false;
    const draining = app.drain(10_000).then(() => (drained = true));
    expect(await get(`${base}/api/sandbox/1/inbound`)).toMatchObject({ status: 503, retryAfter: '5', body: { error: 'ERR_SERVICE_UNAVAILABLE' } });
    expect(await get(`${base}/api/health`)).toEqual({ status: 503, retryAfter: '5', body: { status: 'stopping' } });
    expect((await get(`${base}/_sqs/jobs`)).status).toBe(200);
    expect(drained).toBe(false);
    release();
    expect((await underWay).status).toBe(200);
    await draining;
    expect(drained).toBe(true);
  });
});
