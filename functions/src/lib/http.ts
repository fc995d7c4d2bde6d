/**
 * The HTTP side of every Lambda: one middy handler per route group that looks up the route in
 * the route table, authenticates, checks permission and plan, parses params/query/body with the
 * zod schemas from @conversa/shared, and turns every failure into `{ error, message }`.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { z, ZodError, type ZodType } from 'zod';
import { ERRORS, LANGS, type Lang, type ErrorBody } from '@conversa/shared/errors';
import { can, planAllows } from '@conversa/shared/roles';
import { ROUTES, routeKey, type Group, type RouteDef } from '../http/routes';
import { AppError, type Issue } from './app-error';
import { authenticate, type AuthContext } from '../domain/auth/authenticate';
import { isOverdue } from '../domain/companies/subscription';
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

type Ctx<P, Q, B, A> = {
  params: P;
  query: Q;
  body: B;
  auth: A;
  event: APIGatewayProxyEventV2;
  ip: string;
  lang: Lang;
  cookies: Record<string, string>;
};

export type Endpoint = {
  schemas: { params?: ZodType; query?: ZodType; body?: ZodType };
  run: (ctx: Ctx<any, any, any, any>) => Promise<Reply | unknown>;
};

type Out<S> = S extends ZodType ? z.output<S> : undefined;

/** Declares one route's input schemas and its use-case call. */
export function endpoint<PS extends ZodType | undefined = undefined, QS extends ZodType | undefined = undefined, BS extends ZodType | undefined = undefined, A = AuthContext>(
  schemas: { params?: PS; query?: QS; body?: BS },
  run: (ctx: Ctx<Out<PS>, Out<QS>, Out<BS>, A>) => Promise<Reply | unknown>,
): Endpoint {
  return { schemas: schemas as Endpoint['schemas'], run: run as Endpoint['run'] };
}

/** A reply with a status, cookies or headers; a plain object is a 200 JSON body. */
export function reply(r: Reply): Reply & { __reply: true } {
  return { ...r, __reply: true };
}
function isReply(v: unknown): v is Reply {
  return typeof v === 'object' && v !== null && (v as { __reply?: boolean }).__reply === true;
}

export function pickLang(header: string | undefined): Lang {
  for (const part of (header ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if ((LANGS as readonly string[]).includes(tag)) return tag as Lang;
  }
  return 'pt';
}

function parseCookies(event: APIGatewayProxyEventV2): Record<string, string> {
  const out: Record<string, string> = {};
  const raw = event.cookies ?? (event.headers?.cookie ? event.headers.cookie.split(';') : []);
  for (const c of raw) {
    const i = c.indexOf('=');
    if (i > 0) out[c.slice(0, i).trim()] = decodeURIComponent(c.slice(i + 1).trim());
  }
  return out;
}

function issuesOf(err: ZodError, where: string): Issue[] {
  return err.issues.map((i) => ({ path: [where, ...i.path.map(String)].join('.'), message: i.message }));
}

function parsePart(schema: ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  // Absent params/query are an empty object; a body of `null` stays null and fails its schema.
  const out = schema.safeParse(where === 'body' ? value : (value ?? {}));
  if (!out.success) throw new AppError('ERR_VALIDATION', issuesOf(out.error, where));
  return out.data;
}

function readBody(event: APIGatewayProxyEventV2, wanted: boolean): unknown {
  if (!wanted) return undefined;
  if (event.body === undefined || event.body === null || event.body === '') return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new AppError('ERR_PAYLOAD_TOO_LARGE');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('ERR_BAD_JSON');
  }
}

function json(status: number, body: unknown, extra?: Pick<Reply, 'cookies' | 'headers'>): APIGatewayProxyResultV2 {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra?.headers },
    cookies: extra?.cookies,
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

export function errorReply(err: unknown, lang: Lang): APIGatewayProxyResultV2 {
  if (err instanceof AppError) {
    const body: ErrorBody = { error: err.code, message: ERRORS[err.code][lang], ...(err.issues ? { issues: err.issues } : {}), ...(err.details ? { details: err.details } : {}) };
    return json(err.status, body);
  }
  log.error('unhandled error', { err: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err) });
  return json(500, { error: 'ERR_INTERNAL', message: ERRORS.ERR_INTERNAL[lang] } satisfies ErrorBody);
}

const byKey = new Map(ROUTES.map((r) => [routeKey(r), r]));

async function access(def: RouteDef, event: APIGatewayProxyEventV2): Promise<AuthContext | undefined> {
  if (def.public) return undefined;
  const auth = await authenticate(event.headers?.authorization ?? event.headers?.Authorization);
  if (!def.overdueOk && isOverdue(auth.company)) throw new AppError('ERR_SUBSCRIPTION_EXPIRED');
  if (def.action && !can(auth.user, def.action)) throw new AppError('ERR_NO_PERMISSION');
  if (!planAllows(auth.plan, def.plan)) throw new AppError('ERR_PLAN_FEATURE_DISABLED');
  return auth;
}

/** The one error middleware: every failure becomes `{ error, message }` in the caller's language. */
const jsonErrors = (): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2> => ({
  onError: async (request) => {
    const lang = pickLang(request.event.headers?.['accept-language']);
    const err = request.error instanceof ZodError ? new AppError('ERR_VALIDATION', issuesOf(request.error, 'body')) : request.error;
    request.response = errorReply(err, lang);
  },
});

/** The Lambda handler of one route group. */
export function groupHandler(group: Group, endpoints: Record<string, Endpoint>) {
  for (const key of Object.keys(endpoints)) {
    if (byKey.get(key)?.group !== group) throw new Error(`${key} is not a ${group} route in routes.ts`);
  }
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2>()
    .use(jsonErrors())
    .handler(async (event) => {
      const def = byKey.get(event.routeKey);
      const ep = endpoints[event.routeKey];
      if (!def || !ep) throw new AppError('ERR_NOT_FOUND');
      const auth = await access(def, event);
      const out = await ep.run({
        params: parsePart(ep.schemas.params, event.pathParameters, 'params'),
        query: parsePart(ep.schemas.query, event.queryStringParameters, 'query'),
        body: parsePart(ep.schemas.body, readBody(event, Boolean(ep.schemas.body)), 'body'),
        auth,
        event,
        ip: event.requestContext?.http?.sourceIp ?? 'unknown',
        lang: pickLang(event.headers?.['accept-language']),
        cookies: parseCookies(event),
      });
      if (isReply(out) && out.text !== undefined) {
        return { statusCode: out.status ?? 200, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...out.headers }, cookies: out.cookies, body: out.text };
      }
      if (isReply(out)) return json(out.status ?? 200, out.body, out);
      return json(200, out);
    });
  // The schemas travel with the handler so the bad-input harness can read them.
  return Object.assign(handler, { endpoints });
}
