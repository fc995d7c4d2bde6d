/**
 * The HTTP side of every Lambda: one middy handler per route group that looks up the route in
 * the route table, authenticates, checks permission and plan, parses params/query/body with the
 * zod schemas from @conversa/shared, and turns every failure into `{ error, message }`. A route's
 * `early` reads start between the token's check and the caller's read (see Early).
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { z, ZodError, type ZodType } from 'zod';
import { ERRORS, LANGS, type Lang, type ErrorBody } from '@conversa/shared/errors';
import { can, planAllows } from '@conversa/shared/roles';
import { ROUTES, routeKey, type Group, type RouteDef } from '../http/routes';
import { AppError, type Issue } from './app-error';
import { loadCaller, verifyCaller, type AuthContext } from '../domain/auth/authenticate';
import type { AccessClaims } from '../domain/auth/tokens';
import { isOverdue } from '../domain/companies/subscription';
import { clientAddress } from './client-address';
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

type Ctx<P, Q, B, A, E = undefined> = {
  params: P;
  query: Q;
  body: B;
  auth: A;
  /** What the endpoint's `early` started (undefined on public routes). */
  early: E | undefined;
  event: APIGatewayProxyEventV2;
  ip: string;
  lang: Lang;
  cookies: Record<string, string>;
};

/**
 * Reads that need only the company and the route's input, started once the token is verified,
 * beside the read of the caller (user, company, plan) instead of after it. They run before
 * permission is known, so they may only read (never write) and their result reaches `run` only when
 * the caller is let in; a promise in it must be wrapped in `ahead` (a caller turned away leaves it unawaited).
 */
type Early<P, Q, E> = (input: { companyId: number; params: P; query: Q }) => E;

export type Endpoint = {
  schemas: { params?: ZodType; query?: ZodType; body?: ZodType };
  run: (ctx: Ctx<any, any, any, any, any>) => Promise<Reply | unknown>;
  early?: Early<any, any, unknown>;
};

type Out<S> = S extends ZodType ? z.output<S> : undefined;

/** Declares one route's input schemas and its use-case call. */
export function endpoint<PS extends ZodType | undefined = undefined, QS extends ZodType | undefined = undefined, BS extends ZodType | undefined = undefined, A = AuthContext, E = undefined>(
  schemas: { params?: PS; query?: QS; body?: BS },
  run: (ctx: Ctx<Out<PS>, Out<QS>, Out<BS>, A, NoInfer<E>>) => Promise<Reply | unknown>,
  opts: { early?: Early<Out<PS>, Out<QS>, E> } = {},
): Endpoint {
  return { schemas: schemas as Endpoint['schemas'], run: run as Endpoint['run'], ...(opts.early ? { early: opts.early as Early<any, any, unknown> } : {}) };
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

/** Who may call: the caller a verified token names, if they are let into this route. */
async function admit(def: RouteDef, claims: AccessClaims): Promise<AuthContext> {
  const auth = await loadCaller(claims);
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
      const claims = def.public ? undefined : await verifyCaller(event.headers?.authorization ?? event.headers?.Authorization);
      // The input is parsed before the caller is read, so the endpoint's early reads can start; an
      // invalid input is still answered after the caller's checks, as if parsed after them.
      let input: { params: unknown; query: unknown; body: unknown } | undefined;
      let invalid: unknown;
      try {
        input = {
          params: parsePart(ep.schemas.params, event.pathParameters, 'params'),
          query: parsePart(ep.schemas.query, event.queryStringParameters, 'query'),
          body: parsePart(ep.schemas.body, readBody(event, Boolean(ep.schemas.body)), 'body'),
        };
      } catch (err) {
        invalid = err;
      }
      const early = claims && input && ep.early ? ep.early({ companyId: claims.companyId, params: input.params, query: input.query }) : undefined;
      const auth = claims ? await admit(def, claims) : undefined;
      if (!input) throw invalid;
      const out = await ep.run({
        ...input,
        auth,
        early,
        event,
        ip: await clientAddress(event),
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
