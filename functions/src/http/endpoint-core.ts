/**
 * One middy handler per route group: it looks the route up in the route table (routes.ts),
 * has the caller checked (the `caller` given: token, permission and plan — endpoint.ts), parses
 * params/query/body with the zod schemas from @conversa/shared (lib/http.ts), runs the endpoint's
 * use-case and answers; every failure becomes `{ error, message }`. A route's `early` reads start
 * between the token's check and the caller's read (see Early). This file holds no credential:
 * a group of public routes only (public-endpoint.ts) loads nothing that reads the JWT key or the
 * origin secret, so its function is granted neither (infra/lib/code-access.ts).
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import type { z, ZodType } from 'zod';
import type { Lang } from '@conversa/shared/errors';
import type { AuthContext } from '../domain/auth/authenticate';
import type { AccessClaims } from '../domain/auth/tokens';
import { AppError } from '../lib/app-error';
import { logCompany } from '../lib/log';
import { invocationContext } from '../lib/invocation';
import { isReply, json, jsonErrors, parseCookies, parsePart, pickLang, readBody, type Reply } from '../lib/http';
import { ROUTES, routeKey, type Group, type RouteDef } from './routes';

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
  /** A body larger than the default MAX_BODY_BYTES this route takes (a flow document). */
  maxBodyBytes?: number;
};

type Out<S> = S extends ZodType ? z.output<S> : undefined;

/** Declares one route's input schemas and its use-case call. */
export function endpoint<PS extends ZodType | undefined = undefined, QS extends ZodType | undefined = undefined, BS extends ZodType | undefined = undefined, A = AuthContext, E = undefined>(
  schemas: { params?: PS; query?: QS; body?: BS },
  run: (ctx: Ctx<Out<PS>, Out<QS>, Out<BS>, A, NoInfer<E>>) => Promise<Reply | unknown>,
  opts: { early?: Early<Out<PS>, Out<QS>, E>; maxBodyBytes?: number } = {},
): Endpoint {
  return {
    schemas: schemas as Endpoint['schemas'],
    run: run as Endpoint['run'],
    ...(opts.early ? { early: opts.early as Early<any, any, unknown> } : {}),
    ...(opts.maxBodyBytes ? { maxBodyBytes: opts.maxBodyBytes } : {}),
  };
}

const byKey = new Map(ROUTES.map((r) => [routeKey(r), r]));

/** How a group checks its callers (endpoint.ts); absent for a group of public routes. */
export type Caller = {
  /** The token's claims (throws ERR_SESSION_EXPIRED and the like). */
  verify: (authorization: string | undefined) => Promise<AccessClaims>;
  /** Who may call: the caller the claims name, if they are let into this route. */
  admit: (def: RouteDef, claims: AccessClaims) => Promise<AuthContext>;
};

export type GroupOptions = {
  caller?: Caller;
  /** The caller's address (`ctx.ip`): by default the socket's; the login throttle's believes CloudFront's stamp (lib/client-address.ts). */
  address?: (event: APIGatewayProxyEventV2) => Promise<string>;
};

const socketAddress = async (event: APIGatewayProxyEventV2): Promise<string> => event.requestContext?.http?.sourceIp ?? 'unknown';

/** The Lambda handler of one route group. */
export function makeGroupHandler(group: Group, endpoints: Record<string, Endpoint>, opts: GroupOptions) {
  for (const key of Object.keys(endpoints)) {
    const def = byKey.get(key);
    if (def?.group !== group) throw new Error(`${key} is not a ${group} route in routes.ts`);
    if (!def.public && !opts.caller) throw new Error(`${key} needs a caller check: use groupHandler (endpoint.ts)`);
  }
  const address = opts.address ?? socketAddress;
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2>()
    .use(invocationContext())
    .use(jsonErrors())
    .handler(async (event) => {
      const def = byKey.get(event.routeKey);
      const ep = endpoints[event.routeKey];
      if (!def || !ep) throw new AppError('ERR_NOT_FOUND');
      const claims = def.public || !opts.caller ? undefined : await opts.caller.verify(event.headers?.authorization ?? event.headers?.Authorization);
      if (claims) logCompany(claims.companyId);
      // The input is parsed before the caller is read, so the endpoint's early reads can start; an
      // invalid input is still answered after the caller's checks, as if parsed after them.
      let input: { params: unknown; query: unknown; body: unknown } | undefined;
      let invalid: unknown;
      try {
        input = {
          params: parsePart(ep.schemas.params, event.pathParameters, 'params'),
          query: parsePart(ep.schemas.query, event.queryStringParameters, 'query'),
          body: parsePart(ep.schemas.body, readBody(event, Boolean(ep.schemas.body), ep.maxBodyBytes), 'body'),
        };
      } catch (err) {
        invalid = err;
      }
      const early = claims && input && ep.early ? ep.early({ companyId: claims.companyId, params: input.params, query: input.query }) : undefined;
      const auth = claims && opts.caller ? await opts.caller.admit(def, claims) : undefined;
      if (!input) throw invalid;
      const out = await ep.run({
        ...input,
        auth,
        early,
        event,
        ip: await address(event),
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
