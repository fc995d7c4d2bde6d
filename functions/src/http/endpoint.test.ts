import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { handler as platform } from './platform';
import { handler as auth } from './auth';
import { pickLang } from '../lib/http';

const event = (routeKey: string, over: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 =>
  ({ version: '2.0', routeKey, rawPath: routeKey.split(' ')[1], rawQueryString: '', headers: {}, isBase64Encoded: false, requestContext: { http: { method: routeKey.split(' ')[0], sourceIp: '127.0.0.1' } }, ...over }) as APIGatewayProxyEventV2;

const call = async (h: typeof platform, e: APIGatewayProxyEventV2) => (await h(e, {} as Context)) as APIGatewayProxyStructuredResultV2;

describe('the HTTP wrapper', () => {
  it('answers a public route', async () => {
    const res = await call(platform, event('GET /version'));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({ version: expect.any(String) });
  });

  it('answers 404 ERR_NOT_FOUND for a route key the group does not serve', async () => {
    const res = await call(platform, event('GET /nope'));
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body!).error).toBe('ERR_NOT_FOUND');
  });

  it('answers 400 ERR_BAD_JSON and ERR_VALIDATION before touching anything', async () => {
    const bad = await call(auth, event('POST /auth/login', { body: '{"email":' }));
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body!).error).toBe('ERR_BAD_JSON');
    const invalid = await call(auth, event('POST /auth/login', { body: JSON.stringify({ email: 42 }), headers: { 'accept-language': 'en-US,en;q=0.9' } }));
    expect(invalid.statusCode).toBe(400);
    expect(JSON.parse(invalid.body!)).toMatchObject({ error: 'ERR_VALIDATION', message: 'Invalid data.', issues: [{ path: 'body.email' }, { path: 'body.password', message: expect.any(String) }] });
  });

  it('answers 413 for a body over 256 KB and 401 without a token', async () => {
    const big = await call(auth, event('POST /auth/login', { body: 'x'.repeat(300_000) }));
    expect(big.statusCode).toBe(413);
    const me = await call(auth, event('GET /auth/me'));
    expect(me.statusCode).toBe(401);
    expect(JSON.parse(me.body!).message).toBe('Autenticação necessária.');
  });

  it('picks the language from Accept-Language, pt by default', () => {
    expect(pickLang('es-ES,es;q=0.9')).toBe('es');
    expect(pickLang('fr-FR,tr;q=0.5')).toBe('tr');
    expect(pickLang(undefined)).toBe('pt');
  });
});
