/**
 * The HTTP API gateway: matches `/api/...` against the route table, builds a v2 event, calls the
 * route group's handler (functions/src/http/<group>.ts) and writes its v2 result.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteDef } from '@conversa/functions/http/routes';
import { buildHttpEvent, gatewayRequestId, toHttpResponse } from './http-event';
import { sendError, sendJson } from './errors';
import type { ResolveHandler } from './handler-resolver';
import { lambdaContext } from './lambda-context';
import { errData, type Logger } from './log';
import { readBody } from './read-body';
import { createRouter } from './route-match';

export type HttpGatewayOptions = {
  /** The route table (functions/src/http/routes.ts); `group` names the module http/<group>. */
  routes: readonly (Pick<RouteDef, 'method' | 'path'> & { group: string })[];
  resolve: ResolveHandler;
  log: Logger;
  /** Default 1 MB. */
  maxBodyBytes?: number;
  /** API Gateway's integration timeout; default 30 s. */
  timeoutMs?: number;
  /**
   * True when a stand-in the handlers need was down at some moment since `t` (DynamoDB Local
   * restarting): a handler's 5xx from then is answered 503 ERR_SERVICE_UNAVAILABLE with Retry-After
   * (try again), not a 500.
   */
  downSince?: (t: number) => boolean;
};

export type HttpGateway = (req: IncomingMessage, res: ServerResponse, apiPath: string, rawQueryString: string) => Promise<void>;

export function createHttpGateway(opts: HttpGatewayOptions): HttpGateway {
  const match = createRouter(opts.routes);
  const limit = opts.maxBodyBytes ?? 1024 * 1024;
  const timeoutMs = opts.timeoutMs ?? 30_000;

  return async (req, res, apiPath, rawQueryString) => {
    const lang = req.headers['accept-language'];
    const method = (req.method ?? 'GET').toUpperCase();
    const m = match(method, apiPath);
    if (m.kind === 'not-found') {
      req.resume();
      return sendError(res, 'ERR_NOT_FOUND', lang);
    }
    if (m.kind === 'method-not-allowed') {
      req.resume();
      return sendError(res, 'ERR_METHOD_NOT_ALLOWED', lang, { allow: m.allowed.join(', ') });
    }
    const body = await readBody(req, limit);
    if (!body.ok) {
      if (body.reason === 'too-large') sendError(res, 'ERR_PAYLOAD_TOO_LARGE', lang, { connection: 'close' });
      else res.destroy();
      return;
    }
    const requestId = gatewayRequestId();
    const event = buildHttpEvent({
      method,
      rawPath: apiPath,
      rawQueryString,
      rawHeaders: req.rawHeaders,
      body: body.body,
      sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
      protocol: `HTTP/${req.httpVersion}`,
      routeKey: m.routeKey,
      pathParameters: m.params,
      requestId,
    });
    const modulePath = `http/${m.route.group}`;
    let result: unknown;
    const started = Date.now();
    const outage = () => opts.downSince?.(started) ?? false;
    const unavailable = () => sendError(res, 'ERR_SERVICE_UNAVAILABLE', lang, { 'retry-after': '2' });
    try {
      const handler = await opts.resolve(modulePath);
      if (!handler) {
        opts.log.error('no handler module for route group', { routeKey: m.routeKey, module: `functions/src/${modulePath}.ts` });
        return sendError(res, 'ERR_INTERNAL', lang);
      }
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      result = await Promise.race([Promise.resolve(handler(event, lambdaContext(`http-${m.route.group}`, timeoutMs, requestId))), timeout]).finally(() =>
        clearTimeout(timer),
      );
      if (result === 'timeout') {
        opts.log.error('handler timed out', { routeKey: m.routeKey, timeoutMs });
        return sendJson(res, 503, { message: 'Service Unavailable' });
      }
    } catch (err) {
      opts.log.error('handler threw', { routeKey: m.routeKey, requestId, err: errData(err) });
      return outage() ? unavailable() : sendError(res, 'ERR_INTERNAL', lang);
    }
    let out;
    try {
      out = toHttpResponse(result);
    } catch (err) {
      opts.log.error('bad handler result', { routeKey: m.routeKey, err: errData(err) });
      return sendError(res, 'ERR_INTERNAL', lang);
    }
    if (out.statusCode >= 500 && outage()) {
      opts.log.warn('handler failed during an outage: answered 503', { routeKey: m.routeKey, status: out.statusCode });
      return unavailable();
    }
    const headers: Record<string, string | string[]> = { ...out.headers, 'content-length': String(out.body.length), 'apigw-requestid': requestId };
    const setCookies = [...(out.headers['set-cookie'] ? [out.headers['set-cookie']] : []), ...out.cookies];
    if (setCookies.length) headers['set-cookie'] = setCookies;
    res.writeHead(out.statusCode, headers);
    res.end(method === 'HEAD' ? undefined : out.body);
    opts.log.info('http', { method, path: apiPath, routeKey: m.routeKey, status: out.statusCode, ms: Date.now() - started });
  };
}
