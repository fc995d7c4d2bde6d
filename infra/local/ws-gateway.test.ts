import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startAppServer, type AppServer } from './app-server';
import { handlerResolver } from './handler-resolver';
import { createHttpGateway } from './http-gateway';
import { createLogger } from './log';
import { LocalQueues } from './queues';
import { createStaticFiles } from './static-files';
import { createWsGateway, type WsGateway } from './ws-gateway';
import { recorder } from './testdata/recorder';

const TESTDATA = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testdata');
const log = createLogger(false);
const events = () => recorder('ws').events as { requestContext: Record<string, unknown>; body?: string; queryStringParameters?: Record<string, string> }[];

async function gatewayServer(ws: { idleTimeoutMs?: number; maxLifetimeMs?: number } = {}): Promise<{ app: AppServer; gw: WsGateway }> {
  const resolve = handlerResolver(TESTDATA);
  const gw = createWsGateway({ resolve, log, ...ws });
  const app = await startAppServer({ port: 0, log });
  app.ready({
    httpGateway: createHttpGateway({ routes: [], resolve, log }),
    wsGateway: gw,
    staticFiles: createStaticFiles(path.join(TESTDATA, 'no-web')),
    queues: new LocalQueues([]),
    health: async () => ({ ok: true, checks: {} }),
    mails: () => [],
    clearMails: () => undefined,
  });
  app.open();
  return { app, gw };
}

function connect(port: number, query: string): Promise<{ ws: WebSocket; messages: string[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws${query}`);
    const messages: string[] = [];
    ws.on('message', (d) => messages.push(d.toString()));
    ws.once('open', () => resolve({ ws, messages }));
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`status ${res.statusCode}`), { status: res.statusCode })));
    ws.once('error', reject);
  });
}

const closed = (ws: WebSocket) => new Promise<{ code: number; reason: string }>((r) => ws.once('close', (code, reason) => r({ code, reason: reason.toString() })));
async function until<T>(get: () => T | undefined, ms = 2000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('WebSocket gateway', () => {
  let app: AppServer;
  let gw: WsGateway;
  let mgmt: ApiGatewayManagementApiClient;
  beforeAll(async () => {
    ({ app, gw } = await gatewayServer());
    mgmt = new ApiGatewayManagementApiClient({
      endpoint: `http://127.0.0.1:${app.port}/_ws`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });
  afterAll(async () => {
    mgmt.destroy();
    await gw.close();
    await app.close();
  });

  it('refuses the upgrade with the status $connect answers', async () => {
    await expect(connect(app.port, '')).rejects.toMatchObject({ status: 401 });
    await expect(connect(app.port, '?token=forbidden')).rejects.toMatchObject({ status: 403 });
    expect(gw.connectionIds()).toEqual([]);
  });

  it('runs $connect with the query and an API Gateway request context, then $default per text frame', async () => {
    const { ws, messages } = await connect(app.port, '?token=good&x=1&x=2');
    const connectEvent = events().filter((e) => e.requestContext.routeKey === '$connect').at(-1)!;
    expect(connectEvent.queryStringParameters).toEqual({ token: 'good', x: '1,2' });
    expect(connectEvent.requestContext).toMatchObject({ eventType: 'CONNECT', stage: '$default', identity: { sourceIp: '127.0.0.1' } });
    const id = connectEvent.requestContext.connectionId as string;
    expect(id).toMatch(/^[A-Za-z0-9]{15}=$/);
    expect(gw.connectionIds()).toContain(id);

    ws.send('ping');
    ws.send('whoami');
    await until(() => messages.length >= 2);
    expect(messages.sort()).toEqual([id, 'pong'].sort());
    const frame = events().find((e) => e.body === 'ping')!;
    expect(frame.requestContext).toMatchObject({ routeKey: '$default', eventType: 'MESSAGE', connectionId: id });

    ws.send('throw');
    await until(() => messages.length >= 3);
    expect(JSON.parse(messages[2]!)).toMatchObject({ message: 'Internal server error', connectionId: id });
    ws.close();
    await until(() => events().find((e) => e.requestContext.routeKey === '$disconnect' && e.requestContext.connectionId === id));
  });

  it('serves the @connections Management API to ApiGatewayManagementApiClient, and Gone for closed sockets', async () => {
    const { ws, messages } = await connect(app.port, '?token=good');
    const id = await until(() => gw.connectionIds()[0]);

    await mgmt.send(new PostToConnectionCommand({ ConnectionId: id, Data: new TextEncoder().encode('{"action":"update","n":1}') }));
    await until(() => messages.length === 1);
    expect(JSON.parse(messages[0]!)).toEqual({ action: 'update', n: 1 });

    const info = await mgmt.send(new GetConnectionCommand({ ConnectionId: id }));
    expect(info.Identity?.SourceIp).toBe('127.0.0.1');
    expect(info.ConnectedAt).toBeInstanceOf(Date);
    expect(info.LastActiveAt).toBeInstanceOf(Date);

    const done = closed(ws);
    await mgmt.send(new DeleteConnectionCommand({ ConnectionId: id }));
    await done;
    await until(() => events().find((e) => e.requestContext.routeKey === '$disconnect' && e.requestContext.connectionId === id));

    const err = await mgmt.send(new PostToConnectionCommand({ ConnectionId: id, Data: new TextEncoder().encode('x') })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GoneException);
    await expect(mgmt.send(new PostToConnectionCommand({ ConnectionId: 'neverExisted0=', Data: new Uint8Array([1]) }))).rejects.toBeInstanceOf(GoneException);
    await expect(mgmt.send(new GetConnectionCommand({ ConnectionId: id }))).rejects.toBeInstanceOf(GoneException);
  });
});

describe('WebSocket timeouts', () => {
  it('drops idle connections and keeps active ones; ends every connection at the maximum duration', async () => {
    const { app, gw } = await gatewayServer({ idleTimeoutMs: 300, maxLifetimeMs: 1200 });
    try {
      const idle = await connect(app.port, '?token=good');
      const active = await connect(app.port, '?token=good');
      const idleClosed = closed(idle.ws);
      const activeClosed = closed(active.ws);
      const pinger = setInterval(() => active.ws.send('keepalive'), 50);
      const t0 = Date.now();
      expect(await idleClosed).toMatchObject({ code: 1001 });
      expect(Date.now() - t0).toBeGreaterThanOrEqual(280);
      expect(Date.now() - t0).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 400));
      expect(active.ws.readyState).toBe(WebSocket.OPEN);
      expect(await activeClosed).toMatchObject({ code: 1001 });
      expect(Date.now() - t0).toBeGreaterThanOrEqual(1150);
      clearInterval(pinger);
    } finally {
      await gw.close();
      await app.close();
    }
  });
});
