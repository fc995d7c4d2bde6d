/**
 * The one local HTTP server: /api/health, /api/dev/mail, /api/* (HTTP gateway), /ws (WebSocket
 * gateway), /_ws/@connections/* (Management API), /_sqs/* (queues) and any SQS JSON call
 * (`X-Amz-Target: AmazonSQS.*`, on any path), everything else the SPA.
 * It listens first (so the port is known and held) and answers 503 until `ready()` is called.
 *
 * Phases of `/api` (health included) and of WebSocket upgrades: `starting` until `open()` (the
 * stack calls it once the seed and the session host are done, so a 200 from /api/health means a
 * login works), `open`, and `stopping` from `drain()` on. Outside `open`, and while a stand-in the
 * handlers need is down (`unavailable()`: DynamoDB Local restarting), they answer 503
 * ERR_SERVICE_UNAVAILABLE with Retry-After, before any handler runs. The internal routes (queues,
 * Management API) stay up until `close()`: the session host and the pollers still use them while
 * the stack stops.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { sendError, sendJson } from './errors';
import type { HttpGateway } from './http-gateway';
import { errData, type Logger } from './log';
import type { LocalQueues } from './queues';
import type { Mail } from './smtp-local';
import { handleSqsHttp } from './sqs-http';
import { handleSqsJson, isSqsJsonRequest } from './sqs-json';
import type { StaticFiles } from './static-files';
import type { WsGateway } from './ws-gateway';

export type Health = { ok: boolean; checks: Record<string, 'ok' | 'down'> };

export type AppRoutes = {
  httpGateway: HttpGateway;
  wsGateway: WsGateway;
  staticFiles: StaticFiles;
  queues: LocalQueues;
  /** Base of the queue URLs the SQS JSON protocol hands out (LOCAL_SQS_ENDPOINT). */
  sqsEndpoint?: string;
  health: () => Promise<Health>;
  /** True while a stand-in the handlers need is down: /api answers 503 meanwhile. */
  unavailable?: () => boolean;
  mails: (filter?: { to?: string }) => Mail[];
  clearMails: () => void;
};

export type AppServer = {
  port: number;
  /** The routes: internal ones served from now on, /api still 503 `starting`. */
  ready(routes: AppRoutes): void;
  /** /api served. */
  open(): void;
  /** /api and new WebSocket connections refused (503 `stopping`); resolves once the /api requests under way have answered (or after `timeoutMs`). */
  drain(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

type Phase = 'starting' | 'open' | 'stopping';
const RETRY_AFTER_S: Record<Phase | 'unavailable', string> = { starting: '1', open: '1', stopping: '5', unavailable: '2' };

function splitUrl(url: string): { pathname: string; query: string } {
  let u = url;
  if (!u.startsWith('/')) {
    try {
      const parsed = new URL(u);
      u = parsed.pathname + parsed.search;
    } catch {
      u = '/';
    }
  }
  const i = u.indexOf('?');
  return i < 0 ? { pathname: u, query: '' } : { pathname: u.slice(0, i), query: u.slice(i + 1) };
}

const isApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

async function route(r: AppRoutes, phase: Phase, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { pathname, query } = splitUrl(req.url ?? '/');
  const method = req.method ?? 'GET';
  const sqs = r.sqsEndpoint ? { endpoint: r.sqsEndpoint } : {};
  // An SQS client without `endpoint` posts to the QueueUrl's origin, i.e. to `/`.
  if (isSqsJsonRequest(req)) return handleSqsJson(r.queues, req, res, sqs);
  if (pathname === '/api/health' || pathname === '/api/health/') {
    req.resume();
    if (phase !== 'open') return sendJson(res, 503, { status: phase }, { 'retry-after': RETRY_AFTER_S[phase] });
    const h = await r.health();
    return h.ok ? sendJson(res, 200, { status: 'ok' }) : sendJson(res, 503, { status: 'unavailable', checks: h.checks }, { 'retry-after': RETRY_AFTER_S.unavailable });
  }
  if (isApi(pathname) && (phase !== 'open' || r.unavailable?.())) {
    req.resume();
    return sendError(res, 'ERR_SERVICE_UNAVAILABLE', req.headers['accept-language'], { 'retry-after': RETRY_AFTER_S[phase !== 'open' ? phase : 'unavailable'] });
  }
  if (pathname === '/api/dev/mail' || pathname === '/api/dev/mail/') {
    req.resume();
    if (method === 'GET') {
      const to = new URLSearchParams(query).get('to') ?? undefined;
      return sendJson(res, 200, r.mails(to ? { to } : undefined));
    }
    if (method === 'DELETE') {
      r.clearMails();
      res.writeHead(204);
      return void res.end();
    }
    return sendError(res, 'ERR_METHOD_NOT_ALLOWED', req.headers['accept-language'], { allow: 'GET, DELETE' });
  }
  if (isApi(pathname)) return r.httpGateway(req, res, pathname.slice(4) || '/', query);
  if (pathname.startsWith('/_ws/')) return r.wsGateway.handleManagement(req, res, pathname.slice(4));
  if (pathname === '/_sqs' || pathname.startsWith('/_sqs/')) return handleSqsHttp(r.queues, req, res, pathname.slice(5), sqs);
  return r.staticFiles(req, res, pathname);
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Listens on 127.0.0.1 and, when the machine has it, on ::1 too (so `localhost` works either way). */
export async function startAppServer(opts: { port: number; log: Logger }): Promise<AppServer> {
  let routes: AppRoutes | undefined;
  let phase: Phase = 'starting';
  /** /api requests under way, and who waits for them to end. */
  let apiInFlight = 0;
  let drained: (() => void) | undefined;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    if (!routes) {
      req.resume();
      return sendJson(res, 503, { status: 'starting' }, { 'retry-after': '1' });
    }
    if (phase === 'open' && isApi(splitUrl(req.url ?? '/').pathname)) {
      apiInFlight++;
      res.once('close', () => {
        if (--apiInFlight === 0) drained?.();
      });
    }
    route(routes, phase, req, res).catch((err: unknown) => {
      opts.log.error('request failed', { url: req.url, err: errData(err) });
      if (!res.headersSent) sendError(res, 'ERR_INTERNAL', req.headers['accept-language']);
      else res.destroy();
    });
  };
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const { pathname, query } = splitUrl(req.url ?? '/');
    if (!routes || phase !== 'open' || (pathname !== '/ws' && pathname !== '/ws/')) {
      const ws = pathname === '/ws' || pathname === '/ws/';
      socket.end(`HTTP/1.1 ${routes && !ws ? '404 Not Found' : '503 Service Unavailable'}\r\nConnection: close\r\nRetry-After: 1\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    routes.wsGateway.handleUpgrade(req, socket, head, query);
  };
  const make = () => {
    const s = http.createServer({ keepAliveTimeout: 5000 }, onRequest);
    s.on('upgrade', onUpgrade);
    s.on('clientError', (_err, socket) => socket.destroy());
    return s;
  };
  const v4 = make();
  const port = await listen(v4, opts.port, '127.0.0.1');
  const servers = [v4];
  const v6 = make();
  try {
    await listen(v6, port, '::1');
    servers.push(v6);
  } catch {
    // no IPv6 loopback (or ::1:port taken): 127.0.0.1 alone
  }
  return {
    port,
    ready(r) {
      routes = r;
    },
    open() {
      if (phase === 'starting') phase = 'open';
    },
    async drain(timeoutMs = 10_000) {
      phase = 'stopping';
      if (!apiInFlight) return;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, timeoutMs);
        drained = () => (clearTimeout(t), resolve());
      });
    },
    async close() {
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        ),
      );
    },
  };
}
