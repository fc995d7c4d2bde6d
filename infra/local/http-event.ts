/**
 * API Gateway HTTP API (payload format 2.0) on both sides of a handler call, as pure functions:
 * the event built from a request, and the response written from the handler's result.
 */
import { randomBytes } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export type RequestParts = {
  method: string;
  /** Path as the client sent it, without the `/api` prefix and without the query. */
  rawPath: string;
  rawQueryString: string;
  /** Node's `req.rawHeaders`: name, value, name, value, ... */
  rawHeaders: string[];
  body: Buffer;
  sourceIp: string;
  protocol?: string;
  routeKey: string;
  pathParameters?: Record<string, string>;
  requestId?: string;
  now?: Date;
};

const TEXT_TYPES = [/^text\//, /^application\/(.+\+)?json$/, /^application\/(.+\+)?xml$/, /^application\/javascript$/, /^application\/x-www-form-urlencoded$/, /^application\/graphql$/];

/** Text bodies travel as utf8; everything else (images, octet-stream, multipart) as base64. */
export function isTextContentType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const t = contentType.split(';')[0]!.trim().toLowerCase();
  return TEXT_TYPES.some((re) => re.test(t));
}

/** API Gateway style request id, e.g. `JKJaXmPLvHcESHA=`. */
export function gatewayRequestId(): string {
  return randomBytes(10).toString('base64').replace(/\+/g, 'A').replace(/\//g, 'b').slice(0, 15) + '=';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `12/Mar/2020:19:03:58 +0000`, the requestContext.time format. */
export function gatewayTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

/** Lower-cased names; repeated headers joined with ','. The Cookie header goes to `cookies` instead. */
export function collectHeaders(rawHeaders: string[]): { headers: Record<string, string>; cookies: string[] } {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    const value = rawHeaders[i + 1]!;
    if (name === 'cookie') {
      for (const c of value.split(';')) if (c.trim()) cookies.push(c.trim());
      continue;
    }
    headers[name] = name in headers ? `${headers[name]},${value}` : value;
  }
  return { headers, cookies };
}

/** Decoded query parameters; repeated names joined with ',' as API Gateway does. */
export function queryParameters(rawQueryString: string): Record<string, string> | undefined {
  if (!rawQueryString) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(rawQueryString)) out[k] = k in out ? `${out[k]},${v}` : v;
  return Object.keys(out).length ? out : undefined;
}

export function buildHttpEvent(r: RequestParts): APIGatewayProxyEventV2 {
  const now = r.now ?? new Date();
  const { headers, cookies } = collectHeaders(r.rawHeaders);
  const text = isTextContentType(headers['content-type']);
  const requestId = r.requestId ?? gatewayRequestId();
  const query = queryParameters(r.rawQueryString);
  const params = r.pathParameters && Object.keys(r.pathParameters).length ? r.pathParameters : undefined;
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: r.routeKey,
    rawPath: r.rawPath,
    rawQueryString: r.rawQueryString,
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(query ? { queryStringParameters: query } : {}),
    ...(params ? { pathParameters: params } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0]!.split(':')[0]!,
      http: {
        method: r.method.toUpperCase(),
        path: r.rawPath,
        protocol: r.protocol ?? 'HTTP/1.1',
        sourceIp: r.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: r.routeKey,
      stage: '$default',
      time: gatewayTime(now),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: r.body.length > 0 && !text,
  };
  if (r.body.length) event.body = text ? r.body.toString('utf8') : r.body.toString('base64');
  return event;
}

export type HttpResponse = { statusCode: number; headers: Record<string, string>; cookies: string[]; body: Buffer };

/**
 * The v2 result as API Gateway reads it: an object with `statusCode` is a full response; anything
 * else (a string, an object without statusCode) is a 200 JSON body.
 */
export function toHttpResponse(result: unknown): HttpResponse {
  if (result && typeof result === 'object' && 'statusCode' in result) {
    const r = result as { statusCode?: unknown; headers?: Record<string, unknown>; cookies?: unknown; body?: unknown; isBase64Encoded?: boolean };
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.headers ?? {})) if (v !== undefined && v !== null) headers[k.toLowerCase()] = String(v);
    const raw = typeof r.body === 'string' ? r.body : r.body === undefined || r.body === null ? '' : JSON.stringify(r.body);
    return {
      statusCode: Number(r.statusCode) || 200,
      headers,
      cookies: Array.isArray(r.cookies) ? r.cookies.filter((c): c is string => typeof c === 'string') : [],
      body: r.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8'),
    };
  }
  const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, cookies: [], body: Buffer.from(body, 'utf8') };
}
