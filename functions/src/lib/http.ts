/**
 * HTTP mechanics every Lambda of the API shares, knowing no route and no caller: parsing
 * params/query/body with zod schemas, replies, cookies, the caller's language, and the one error
 * middleware that turns every failure into `{ error, message }`. Routing and authentication are
 * http/endpoint.ts's.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { ZodError, type ZodType } from 'zod';
import { errorText, LANGS, type Lang, type ErrorBody } from '@conversa/shared/errors';
import { AppError, type Issue } from './app-error';
import { log } from './log';

export const MAX_BODY_BYTES = 256 * 1024;

export type Reply = {
  status?: number;
  body?: unknown;
  /** A body sent as is instead of JSON (a CSV download); `headers` then name its content type. */
  text?: string;
  cookies?: string[];
  headers?: Record<string, string>;
};

/** A reply with a status, cookies or headers; a plain object is a 200 JSON body. */
export function reply(r: Reply): Reply & { __reply: true } {
  return { ...r, __reply: true };
}
export function isReply(v: unknown): v is Reply {
  return typeof v === 'object' && v !== null && (v as { __reply?: boolean }).__reply === true;
}

export function pickLang(header: string | undefined): Lang {
  for (const part of (header ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if ((LANGS as readonly string[]).includes(tag)) return tag as Lang;
  }
  return 'pt';
}

export function parseCookies(event: APIGatewayProxyEventV2): Record<string, string> {
  const out: Record<string, string> = {};
  const raw = event.cookies ?? (event.headers?.cookie ? event.headers.cookie.split(';') : []);
  for (const c of raw) {
    const i = c.indexOf('=');
    if (i > 0) out[c.slice(0, i).trim()] = decodeURIComponent(c.slice(i + 1).trim());
  }
  return out;
}

export function issuesOf(err: ZodError, where: string): Issue[] {
  return err.issues.map((i) => ({ path: [where, ...i.path.map(String)].join('.'), message: i.message }));
}

export function parsePart(schema: ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  // Absent params/query are an empty object; a body of `null` stays null and fails its schema.
  const out = schema.safeParse(where === 'body' ? value : (value ?? {}));
  if (!out.success) throw new AppError('ERR_VALIDATION', issuesOf(out.error, where));
  return out.data;
}

/** The request's JSON body; `maxBytes` = MAX_BODY_BYTES unless the route takes more (a flow document). */
export function readBody(event: APIGatewayProxyEventV2, wanted: boolean, maxBytes = MAX_BODY_BYTES): unknown {
  if (!wanted) return undefined;
  if (event.body === undefined || event.body === null || event.body === '') return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(text) > maxBytes) throw new AppError('ERR_PAYLOAD_TOO_LARGE');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('ERR_BAD_JSON');
  }
}

export function json(status: number, body: unknown, extra?: Pick<Reply, 'cookies' | 'headers'>): APIGatewayProxyResultV2 {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra?.headers },
    cookies: extra?.cookies,
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

export async function errorReply(err: unknown, lang: Lang): Promise<APIGatewayProxyResultV2> {
  if (err instanceof AppError) {
    const body: ErrorBody = { error: err.code, message: await errorText(err.code, lang), ...(err.issues ? { issues: err.issues } : {}), ...(err.details ? { details: err.details } : {}) };
    return json(err.status, body);
  }
  log.error('unhandled error', { err: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err) });
  return json(500, { error: 'ERR_INTERNAL', message: await errorText('ERR_INTERNAL', lang) } satisfies ErrorBody);
}

/** The one error middleware: every failure becomes `{ error, message }` in the caller's language. */
export const jsonErrors = (): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2> => ({
  onError: async (request) => {
    const lang = pickLang(request.event.headers?.['accept-language']);
    const err = request.error instanceof ZodError ? new AppError('ERR_VALIDATION', issuesOf(request.error, 'body')) : request.error;
    request.response = await errorReply(err, lang);
  },
});
