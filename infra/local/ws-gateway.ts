/**
 * A WebSocket gateway with API Gateway WebSocket semantics: `$connect` decides the upgrade,
 * text frames go to `$default` (a returned body is sent back), a close runs `$disconnect`, idle
 * connections are dropped after 10 minutes and every connection after 2 hours. The `@connections`
 * Management API (what ApiGatewayManagementApiClient calls) posts to, reads and closes sockets.
 */
import { randomBytes } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { collectHeaders, gatewayRequestId, queryParameters } from './http-event';
import { sendJson } from './errors';
import type { ResolveHandler } from './handler-resolver';
import { lambdaContext } from './lambda-context';
import { errData, type Logger } from './log';
import { readBody } from './read-body';

export type WsGatewayOptions = {
  resolve: ResolveHandler;
  log: Logger;
  /** Module under the handlers root; default `ws/handler`. */
  handlerModule?: string;
  /** Default 10 minutes (API Gateway's idle timeout). */
  idleTimeoutMs?: number;
  /** Default 2 hours (API Gateway's maximum connection duration). */
  maxLifetimeMs?: number;
  /** Default 128 KB (API Gateway's message size limit). */
  maxMessageBytes?: number;
  /** Integration timeout; default 29 s. */
  timeoutMs?: number;
};

type Conn = {
  id: string;
  ws: WebSocket;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
  domainName: string;
  idle?: NodeJS.Timeout;
  lifetime?: NodeJS.Timeout;
};

export type WsGateway = {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, rawQueryString: string): void;
  /** `rest` is the path after the management prefix, e.g. `/@connections/abc%3D`. */
  handleManagement(req: IncomingMessage, res: ServerResponse, rest: string): Promise<void>;
  connectionIds(): string[];
  close(): Promise<void>;
};

/** API Gateway style connection id, e.g. `L0SM9cOFvHcCIhw=`. */
export function newConnectionId(): string {
  return randomBytes(11).toString('base64').replace(/\+/g, 'A').replace(/\//g, 'z');
}

type WsResult = { statusCode?: number; body?: unknown; headers?: Record<string, unknown> } | undefined | null | string;

export function createWsGateway(opts: WsGatewayOptions): WsGateway {
  const conns = new Map<string, Conn>();
  const pendingDisconnects = new Set<Promise<void>>();
  const handlerModule = opts.handlerModule ?? 'ws/handler';
  const idleMs = opts.idleTimeoutMs ?? 10 * 60_000;
  const lifetimeMs = opts.maxLifetimeMs ?? 2 * 60 * 60_000;
  const maxBytes = opts.maxMessageBytes ?? 128 * 1024;
  const timeoutMs = opts.timeoutMs ?? 29_000;
  const protocols = new WeakMap<IncomingMessage, string>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: maxBytes,
    handleProtocols: (_offered, req) => protocols.get(req) ?? false,
  });

  const invoke = async (routeKey: string, event: Record<string, unknown>, requestId: string): Promise<WsResult> => {
    const handler = await opts.resolve(handlerModule);
    if (!handler) throw new Error(`no WebSocket handler module functions/src/${handlerModule}.ts`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${routeKey} timed out after ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return (await Promise.race([Promise.resolve(handler(event, lambdaContext('ws', timeoutMs, requestId))), timeout])) as WsResult;
    } finally {
      clearTimeout(timer);
    }
  };

  const requestContext = (c: Pick<Conn, 'id' | 'connectedAt' | 'sourceIp' | 'userAgent' | 'domainName'>, routeKey: string, eventType: string, requestId: string, extra: Record<string, unknown> = {}) => {
    const now = Date.now();
    return {
      routeKey,
      eventType,
      extendedRequestId: requestId,
      requestTime: new Date(now).toUTCString(),
      messageDirection: 'IN',
      stage: '$default',
      connectedAt: c.connectedAt,
      requestTimeEpoch: now,
      identity: { sourceIp: c.sourceIp, userAgent: c.userAgent },
      requestId,
      domainName: c.domainName,
      connectionId: c.id,
      apiId: 'local',
      ...extra,
    };
  };

  const statusOf = (r: WsResult) => (r && typeof r === 'object' && typeof r.statusCode === 'number' ? r.statusCode : 200);

  const rejectUpgrade = (socket: Duplex, status: number, body: string) => {
    if (socket.destroyed) return;
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  };

  const arm = (c: Conn) => {
    clearTimeout(c.idle);
    c.idle = setTimeout(() => {
      opts.log.info('ws idle timeout', { connectionId: c.id });
      c.ws.close(1001, 'Going away');
    }, idleMs);
    c.idle.unref();
  };

  const onMessage = async (c: Conn, data: RawData, isBinary: boolean) => {
    c.lastActiveAt = Date.now();
    arm(c);
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    const requestId = gatewayRequestId();
    const event = {
      requestContext: requestContext(c, '$default', 'MESSAGE', requestId, { messageId: gatewayRequestId() }),
      body: isBinary ? buf.toString('base64') : buf.toString('utf8'),
      isBase64Encoded: isBinary,
    };
    try {
      const result = await invoke('$default', event, requestId);
      const body = typeof result === 'string' ? result : result && typeof result === 'object' ? result.body : undefined;
      if (body !== undefined && body !== null && body !== '' && c.ws.readyState === c.ws.OPEN) c.ws.send(typeof body === 'string' ? body : JSON.stringify(body));
    } catch (err) {
      opts.log.error('ws $default failed', { connectionId: c.id, err: errData(err) });
      if (c.ws.readyState === c.ws.OPEN) c.ws.send(JSON.stringify({ message: 'Internal server error', connectionId: c.id, requestId }));
    }
  };

  const onClose = (c: Conn, code: number, reason: Buffer) => {
    clearTimeout(c.idle);
    clearTimeout(c.lifetime);
    conns.delete(c.id);
    const requestId = gatewayRequestId();
    const event = {
      headers: {},
      requestContext: requestContext(c, '$disconnect', 'DISCONNECT', requestId, { disconnectStatusCode: code, disconnectReason: reason.toString() }),
      isBase64Encoded: false,
    };
    const p = invoke('$disconnect', event, requestId)
      .then(() => undefined)
      .catch((err: unknown) => opts.log.error('ws $disconnect failed', { connectionId: c.id, err: errData(err) }))
      .finally(() => pendingDisconnects.delete(p));
    pendingDisconnects.add(p);
    opts.log.info('ws disconnected', { connectionId: c.id, code });
  };

  const handleUpgrade: WsGateway['handleUpgrade'] = (req, socket, head, rawQueryString) => {
    socket.on('error', () => undefined);
    // API Gateway keeps the header names' case in WebSocket events; repeated ones are joined.
    const headers: Record<string, string> = {};
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i]!;
      headers[name] = name in headers ? `${headers[name]},${req.rawHeaders[i + 1]}` : req.rawHeaders[i + 1]!;
    }
    const lower = collectHeaders(req.rawHeaders).headers;
    const c = {
      id: newConnectionId(),
      connectedAt: Date.now(),
      sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
      userAgent: lower['user-agent'] ?? '',
      domainName: lower.host ?? 'localhost',
    };
    const requestId = gatewayRequestId();
    const query = queryParameters(rawQueryString);
    const event = {
      headers,
      multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.split(',')])),
      ...(query ? { queryStringParameters: query } : {}),
      requestContext: requestContext(c, '$connect', 'CONNECT', requestId),
      isBase64Encoded: false,
    };
    void invoke('$connect', event, requestId).then(
      (result) => {
        const status = statusOf(result);
        if (status < 200 || status >= 300) {
          opts.log.info('ws connect refused', { status });
          const body = result && typeof result === 'object' && typeof result.body === 'string' ? result.body : JSON.stringify({ message: STATUS_CODES[status] ?? 'Forbidden' });
          return rejectUpgrade(socket, status, body);
        }
        if (socket.destroyed) return;
        const h = result && typeof result === 'object' ? result.headers ?? {} : {};
        const proto = Object.entries(h).find(([k]) => k.toLowerCase() === 'sec-websocket-protocol')?.[1];
        if (proto !== undefined) protocols.set(req, String(proto));
        wss.handleUpgrade(req, socket, head, (ws) => {
          const conn: Conn = { ...c, ws, lastActiveAt: Date.now() };
          conns.set(conn.id, conn);
          arm(conn);
          conn.lifetime = setTimeout(() => ws.close(1001, 'Going away'), lifetimeMs);
          conn.lifetime.unref();
          ws.on('message', (data, isBinary) => void onMessage(conn, data, isBinary));
          ws.on('ping', () => {
            conn.lastActiveAt = Date.now();
            arm(conn);
          });
          ws.on('close', (code, reason) => onClose(conn, code, reason));
          ws.on('error', (err) => opts.log.warn('ws socket error', { connectionId: conn.id, message: err.message }));
          opts.log.info('ws connected', { connectionId: conn.id });
        });
      },
      (err: unknown) => {
        opts.log.error('ws $connect failed', { err: errData(err) });
        rejectUpgrade(socket, 500, JSON.stringify({ message: 'Internal server error' }));
      },
    );
  };

  const gone = (res: ServerResponse) => sendJson(res, 410, { message: 'Gone' }, { 'x-amzn-errortype': 'GoneException' });

  const handleManagement: WsGateway['handleManagement'] = async (req, res, rest) => {
    const m = /^\/@connections\/([^/]+)\/?$/.exec(rest);
    if (!m) {
      req.resume();
      return sendJson(res, 404, { message: 'Not Found' }, { 'x-amzn-errortype': 'NotFoundException' });
    }
    const id = decodeURIComponent(m[1]!);
    const method = req.method ?? 'GET';
    const c = conns.get(id);
    if (method === 'POST') {
      const body = await readBody(req, maxBytes);
      if (!body.ok) {
        if (body.reason === 'too-large') return sendJson(res, 413, { message: 'Message too long' }, { 'x-amzn-errortype': 'PayloadTooLargeException' });
        return void res.destroy();
      }
      if (!c || c.ws.readyState !== c.ws.OPEN) return gone(res);
      await new Promise<void>((resolve) => c.ws.send(body.body.toString('utf8'), { binary: false }, () => resolve()));
      res.writeHead(200, { 'content-length': '0' });
      return void res.end();
    }
    req.resume();
    if (!c || c.ws.readyState !== c.ws.OPEN) return gone(res);
    if (method === 'GET') {
      // The wire names are lower camel case; the SDK turns them into ConnectedAt, Identity.SourceIp, ...
      return sendJson(res, 200, {
        connectedAt: new Date(c.connectedAt).toISOString(),
        identity: { sourceIp: c.sourceIp, userAgent: c.userAgent },
        lastActiveAt: new Date(c.lastActiveAt).toISOString(),
      });
    }
    if (method === 'DELETE') {
      c.ws.close(1000, 'Connection deleted');
      res.writeHead(204);
      return void res.end();
    }
    return sendJson(res, 405, { message: 'Method Not Allowed' }, { allow: 'GET, POST, DELETE' });
  };

  return {
    handleUpgrade,
    handleManagement,
    connectionIds: () => [...conns.keys()],
    async close() {
      const waitEmpty = async (ms: number) => {
        const deadline = Date.now() + ms;
        while (conns.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      };
      for (const c of conns.values()) c.ws.close(1001, 'Going away');
      await waitEmpty(1000);
      for (const c of conns.values()) c.ws.terminate();
      await waitEmpty(1000);
      await Promise.race([Promise.allSettled([...pendingDisconnects]), new Promise((r) => setTimeout(r, 5000))]);
      wss.close();
    },
  };
}
