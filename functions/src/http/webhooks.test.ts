import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { signBody } from '../domain/channels/graph-signature';
import { cloudText } from '../../../test/support/fake-graph';

const enqueued: unknown[] = [];
vi.mock('../domain/channels/webhook-deps', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  webhookDeps: {
    findAccount: async (_ch: string, account: string) => (account === 'PN1' ? { companyId: 3, whatsappId: 4 } : undefined),
    getConnection: async () => ({ id: 4, companyId: 3, channel: 'wppoficial', provider: { phoneNumberId: 'PN1', appSecretRef: 'plain:conn-secret' } }),
    platformSecret: async () => undefined,
    resolveRef: async (ref?: string) => ref?.replace(/^plain:/, ''),
    mediaInfo: async () => ({ url: 'x' }),
    mediaRefUrl: (id: string) => `https://graph.example/v21.0/${id}`,
    enqueue: async (body: unknown) => void enqueued.push(body),
  },
}));
const { handler } = await import('./webhooks');

const call = async (routeKey: string, over: Partial<APIGatewayProxyEventV2> = {}) =>
  (await handler({ version: '2.0', routeKey, rawPath: routeKey.split(' ')[1], rawQueryString: '', headers: {}, isBase64Encoded: false, requestContext: { http: { method: routeKey.split(' ')[0], sourceIp: '1.2.3.4' } }, ...over } as APIGatewayProxyEventV2, {} as Context)) as APIGatewayProxyStructuredResultV2;

beforeEach(() => {
  enqueued.length = 0;
  process.env.META_VERIFY_TOKEN = 'verify-me';
});
afterEach(() => {
  delete process.env.META_VERIFY_TOKEN;
});

describe('webhook routes', () => {
  it.each(['wppoficial', 'facebook', 'instagram'])('GET /webhooks/%s echoes the challenge as text/plain for the right token', async (ch) => {
    const ok = await call(`GET /webhooks/${ch}`, { queryStringParameters: { 'hub.mode': 'subscribe', 'hub.verify_token': 'verify-me', 'hub.challenge': '1158201444' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers?.['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('1158201444');
    const bad = await call(`GET /webhooks/${ch}`, { queryStringParameters: { 'hub.mode': 'subscribe', 'hub.verify_token': 'wrong', 'hub.challenge': '1' } });
    expect(bad.statusCode).toBe(403);
    expect(JSON.parse(bad.body!).error).toBe('ERR_NO_PERMISSION');
    expect((await call(`GET /webhooks/${ch}`)).statusCode).toBe(403);
  });

  it('refuses every challenge when no verify token is configured', async () => {
    delete process.env.META_VERIFY_TOKEN;
    const res = await call('GET /webhooks/wppoficial', { queryStringParameters: { 'hub.mode': 'subscribe', 'hub.verify_token': '', 'hub.challenge': '1' } });
    expect(res.statusCode).toBe(403);
  });

  it('POST verifies the signature over the raw body (text or base64) before anything else', async () => {
    const raw = JSON.stringify(cloudText('PN1', { id: 'wamid.H1' }));
    const unsigned = await call('POST /webhooks/wppoficial', { body: raw });
    expect(unsigned.statusCode).toBe(401);
    expect(JSON.parse(unsigned.body!).error).toBe('ERR_UNAUTHENTICATED');
    const forged = await call('POST /webhooks/wppoficial', { body: raw, headers: { 'x-hub-signature-256': signBody(raw, 'other') } });
    expect(forged.statusCode).toBe(401);
    expect(enqueued).toEqual([]);
    const ok = await call('POST /webhooks/wppoficial', { body: raw, headers: { 'x-hub-signature-256': signBody(raw, 'conn-secret') } });
    expect(ok.statusCode).toBe(200);
    expect(JSON.parse(ok.body!)).toEqual({ ok: true, enqueued: 1, skippedEntries: 0 });
    const b64 = await call('POST /webhooks/wppoficial', { body: Buffer.from(raw).toString('base64'), isBase64Encoded: true, headers: { 'x-hub-signature-256': signBody(raw, 'conn-secret') } });
    expect(b64.statusCode).toBe(200);
    expect(enqueued).toHaveLength(2);
  });

  it('POST answers 400 ERR_VALIDATION for a signed malformed payload', async () => {
    const raw = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: 'W', changes: [{ field: 'messages', value: { metadata: { phone_number_id: 'PN1' }, messages: [{ id: 1 }] } }] }] });
    const res = await call('POST /webhooks/wppoficial', { body: raw, headers: { 'x-hub-signature-256': signBody(raw, 'conn-secret') } });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!).error).toBe('ERR_VALIDATION');
    expect(enqueued).toEqual([]);
  });
});
