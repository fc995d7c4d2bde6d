/**
 * POST /facebook against DynamoDB Local and the fake Graph server: the token exchange, the pages,
 * the webhook subscription, the provider index (idempotent logins), plan flags and limits. The
 * connections group handler runs in this process (the fake Graph server lives here too); the
 * lists are read back over HTTP from the local stack.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { handler } from '../../functions/src/http/connections';
import { findByProviderAccount, getConnection } from '../../functions/src/adapters/db/connections';
import { authenticate } from '../../functions/src/domain/auth/authenticate';
import { connectFacebook } from '../../functions/src/domain/connections/connect-facebook';
import { newCompany, type Client } from '../support/api';
import { FAKE_APP, startFakeGraph, type FakeGraph } from '../support/fake-graph';

let graph: FakeGraph;
const rnd = () => String(Math.floor(Math.random() * 1e12)).padStart(12, '1');

async function login(client: Client, body: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const event = {
    version: '2.0',
    routeKey: 'POST /facebook',
    rawPath: '/facebook',
    rawQueryString: '',
    headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', sourceIp: '127.0.0.1' } },
  } as unknown as APIGatewayProxyEventV2;
  const res = (await handler(event, {} as Context)) as APIGatewayProxyStructuredResultV2;
  return { status: res.statusCode ?? 0, body: res.body ? JSON.parse(res.body) : undefined };
}

beforeAll(async () => {
  graph = await startFakeGraph();
  process.env.GRAPH_BASE_URL = graph.url;
  process.env.META_APP_ID = FAKE_APP.id;
  process.env.META_APP_SECRET = FAKE_APP.secret;
});
afterAll(async () => {
  delete process.env.GRAPH_BASE_URL;
  delete process.env.META_APP_ID;
  delete process.env.META_APP_SECRET;
  await graph.stop();
});
beforeEach(() => graph.reset());

describe('POST /facebook', () => {
  it('connects every page (and its Instagram account), subscribes the app, and a second login updates instead of duplicating', async () => {
    const { admin, companyId } = await newCompany('ultimate');
    const user = rnd();
    const [p1, p2, ig] = [rnd(), rnd(), rnd()];
    graph.setPages(user, [
      { id: p1, name: 'Loja Centro', access_token: 'PAGE-TOKEN-1', instagram_business_account: { id: ig } },
      { id: p2, name: 'Loja Norte', access_token: 'PAGE-TOKEN-2' },
    ]);
    const res = await login(admin, { facebookUserId: user, facebookUserToken: 'EAABshortlived1', addInstagram: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.map((c: any) => [c.channel, c.name, c.status])).toEqual([
      ['facebook', 'Loja Centro', 'CONNECTED'],
      ['instagram', 'Loja Centro (Instagram)', 'CONNECTED'],
      ['facebook', 'Loja Norte', 'CONNECTED'],
    ]);
    expect(res.body[0].provider).toBeUndefined(); // the token reference never leaves the server

    // Meta saw the exchange with the app's credentials, then the long-lived token listing pages.
    const exchange = graph.requests.find((r) => r.path.endsWith('/oauth/access_token'));
    expect(exchange).toBeDefined();
    const accounts = graph.requests.find((r) => r.path.endsWith(`/${user}/accounts`));
    expect(accounts?.headers.authorization).toBe('Bearer LL-EAABshortlived1');
    expect(graph.subscriptions.get(p1)).toBe('messages,messaging_postbacks,message_reactions,message_echoes,message_deliveries,message_reads');
    expect(graph.subscriptions.has(p2)).toBe(true);

    // Stored with the page token as a reference and found by the webhooks' provider index.
    const fb = await getConnection(companyId, res.body[0].id, true);
    expect(fb?.provider).toEqual({ pageId: p1, accessTokenRef: 'plain:PAGE-TOKEN-1' });
    const insta = await getConnection(companyId, res.body[1].id, true);
    expect(insta?.provider).toEqual({ pageId: p1, igAccountId: ig, accessTokenRef: 'plain:PAGE-TOKEN-1' });
    expect(await findByProviderAccount('instagram', ig)).toEqual({ companyId, whatsappId: res.body[1].id });
    expect(await findByProviderAccount('facebook', p2)).toEqual({ companyId, whatsappId: res.body[2].id });

    // Again, with a renewed page token: same connections, new token, nothing added.
    graph.setPages(user, [
      { id: p1, name: 'Loja Centro', access_token: 'PAGE-TOKEN-1b', instagram_business_account: { id: ig } },
      { id: p2, name: 'Loja Norte', access_token: 'PAGE-TOKEN-2' },
    ]);
    const again = await login(admin, { facebookUserId: user, facebookUserToken: 'EAABshortlived2', addInstagram: true });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.map((c: any) => c.id)).toEqual(res.body.map((c: any) => c.id));
    expect((await getConnection(companyId, res.body[0].id, true))?.provider?.accessTokenRef).toBe('plain:PAGE-TOKEN-1b');
    const list = await admin.call('GET', '/whatsapp');
    expect(list.body.filter((c: any) => c.channel === 'facebook' || c.channel === 'instagram')).toHaveLength(3);
  });

  it('refuses a plan without useFacebook, and Instagram without useInstagram, before calling Meta', async () => {
    const inicial = await newCompany('inicial');
    const res = await login(inicial.admin, { facebookUserId: rnd(), facebookUserToken: 'EAABshortlived3' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');

    const { admin } = await newCompany('ultimate');
    const auth = await authenticate(`Bearer ${admin.token}`);
    const noInstagram = { ...auth, plan: { ...auth.plan, useInstagram: false } };
    await expect(connectFacebook(noInstagram, { facebookUserId: rnd(), facebookUserToken: 'EAABshortlived4', addInstagram: true })).rejects.toMatchObject({ code: 'ERR_PLAN_FEATURE_DISABLED' });
    expect(graph.requests).toHaveLength(0);
  });

  it('stays within the plan limit (ERR_MAX_WHATS_REACHED, nothing written)', async () => {
    const { admin } = await newCompany('basico'); // 2 connections
    const user = rnd();
    const pages = [rnd(), rnd(), rnd()];
    graph.setPages(user, pages.map((id, i) => ({ id, name: `Página ${i}`, access_token: `T${i}` })));
    const res = await login(admin, { facebookUserId: user, facebookUserToken: 'EAABshortlived5' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_MAX_WHATS_REACHED');
    for (const id of pages) expect(await findByProviderAccount('facebook', id)).toBeUndefined();
    expect((await admin.call('GET', '/whatsapp')).body).toHaveLength(0);
  });

  it('answers 400 ERR_VALIDATION when Meta refuses the token, or a page belongs to another company', async () => {
    const a = await newCompany('ultimate');
    const bad = await login(a.admin, { facebookUserId: rnd(), facebookUserToken: 'not-a-meta-token' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(bad.body.issues[0].path).toBe('body.facebookUserToken');

    const user = rnd();
    const page = rnd();
    graph.setPages(user, [{ id: page, name: 'Disputada', access_token: 'PT' }]);
    expect((await login(a.admin, { facebookUserId: user, facebookUserToken: 'EAABshortlived6' })).status).toBe(200);
    const b = await newCompany('ultimate');
    const taken = await login(b.admin, { facebookUserId: user, facebookUserToken: 'EAABshortlived7' });
    expect(taken.status).toBe(400);
    expect(taken.body.error).toBe('ERR_VALIDATION');
    expect((await findByProviderAccount('facebook', page))?.companyId).toBe(a.companyId);
    expect((await b.admin.call('GET', '/whatsapp')).body).toHaveLength(0);
  });

  it('reports Meta being down as 502, not as the caller’s fault', async () => {
    const { admin } = await newCompany('ultimate');
    graph.failNext({ status: 503, error: { message: 'temporarily unavailable', code: 2 } });
    const res = await login(admin, { facebookUserId: rnd(), facebookUserToken: 'EAABshortlived8' });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('ERR_INTERNAL');
  });
});
