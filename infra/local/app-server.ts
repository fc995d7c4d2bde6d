/**
 * The one local HTTP server: /api/health, /api/dev/mail, /api/* (HTTP gateway), /ws (WebSocket
 * gateway), /_ws/@connections/* (Management API), /_sqs/* (queues) and any SQS JSON call
 * (`X-Amz-Target: AmazonSQS.*`, on any path), everything else the SPA.
 * It listens first (so the port is known and held) and answers 503 until `ready()` is called.
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
  mails: (filter?: { to?: string }) => Mail[];
  clearMails: () => void;
};

export type AppServer = {
  port: number;
  ready(routes: AppRoutes): void;
  close(): Promise<void>;
};

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

async function route(r: AppRoutes, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { pathname, query } = splitUrl(req.url ?? '/');
  const method = req.method ?? 'GET';
  const sqs = r.sqsEndpoint ? { endpoint: r.sqsEndpoint } : {};
  // An SQS client without `endpoint` posts to the QueueUrl's origin, i.e. to `/`.
  if (isSqsJsonRequest(req)) return handleSqsJson(r.queues, req, res, sqs);
  if (pathname === '/api/health' || pathname === '/api/health/') {
    req.resume();
    const h = await r.health();
    return h.ok ? sendJson(res, 200, { status: 'ok' }) : sendJson(res, 503, { status: 'unavailable', checks: h.checks });
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
  if (pathname === '/api' || pathname.startsWith('/api/')) return r.httpGateway(req, res, pathname.slice(4) || '/', query);
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
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    if (!routes) {
      req.resume();
      return sendJson(res, 503, { status: 'starting' }, { 'retry-after': '1' });
    }
    route(routes, req, res).catch((err: unknown) => {
      opts.log.error('request failed', { url: req.url, err: errData(err) });
      if (!res.headersSent) sendError(res, 'ERR_INTERNAL', req.headers['accept-language']);
      else res.destroy();
    });
  };
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const { pathname, query } = splitUrl(req.url ?? '/');
    if (!routes || (pathname !== '/ws' && pathname !== '/ws/')) {
      socket.end(`HTTP/1.1 ${routes ? '404 Not Found' : '503 Service Unavailable'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
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
