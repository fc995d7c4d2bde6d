/**
 * Calls every route of the route table with another company's token and this company's ids:
 * nothing of company A may be read, changed or deleted from company B. Routes whose body names a
 * stored file are also called with B's own resources and a file of A's (refused) or of B's own
 * (accepted). Every GET answered for the caller's own data carries no storage keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey, COMPANY_AGNOSTIC, type RouteDef } from '../../functions/src/http/routes';
import type { Endpoint } from '../../functions/src/http/endpoint';
import { FIXTURES, fillPath, queryOf, type Tenant } from '../support/route-fixtures';
import { newCompany, signedIn, type Client } from '../support/api';
import { MP4_HEAD, pngOf, TINY_PDF } from '../support/files';
import { pairSandbox, until } from '../support/sandbox';
import { openSocket } from '../support/socket';
import { STORAGE_ATTRIBUTE, storageKeyFields } from '../support/storage-keys';
import { TINY_PNG, tenantWithAgent, uploadFile } from '../support/tenants';

let a: Awaited<ReturnType<typeof tenantWithAgent>>;
/** Company B has no records of its own: its ids never coincide with A's. */
let b: { admin: Client; companyId: number };
/** Company C has records of its own, for the calls that name a stored file on the caller's own resources. */
let c: Awaited<ReturnType<typeof tenantWithAgent>>;
let agentSocket: Awaited<ReturnType<typeof openSocket>> | undefined;

/** The platform's super admin (company 1) with files of its own company, for super-only routes that name a file. */
let platform: { client: Client; uploads: Tenant['uploads'] } | undefined;
async function superAdmin(): Promise<{ client: Client; uploads: Tenant['uploads'] }> {
  if (platform) return platform;
  const client = await signedIn('admin@conversa.local');
  platform = {
    client,
    uploads: {
      image: await uploadFile(client, 'foto.png', 'image/png', TINY_PNG),
      sheet: await uploadFile(client, 'contatos.csv', 'text/csv', Buffer.from('nome;numero\n')),
      logo: await uploadFile(client, 'logo.png', 'image/png', pngOf(300, 200)),
      pdf: await uploadFile(client, 'doc.pdf', 'application/pdf', TINY_PDF),
      video: await uploadFile(client, 'video.mp4', 'video/mp4', MP4_HEAD),
    },
  };
  return platform;
}

async function endpointOf(r: RouteDef): Promise<Endpoint> {
  const mod = (await import(`../../functions/src/http/${r.group}.ts`)) as { handler: { endpoints: Record<string, Endpoint> } };
  return mod.handler.endpoints[routeKey(r)]!;
}

beforeAll(async () => {
  [a, b, c] = await Promise.all([tenantWithAgent(), newCompany(), tenantWithAgent()]);
  // C's sandbox plays customers with files (POST /sandbox/{id}/inbound) only once paired.
  await pairSandbox(c.admin, c.tenant.whatsappId);
  // A's agent online (a socket open): the user item then carries its online index's keys too.
  agentSocket = await openSocket(a.agent.token!);
  await until('the agent online', async () => (await a.admin.call('GET', `/users/${a.tenant.userId}`)).body.online === true);
}, 120_000);

afterAll(() => agentSocket?.close());

describe('tenant isolation', () => {
  it('every route has a fixture', () => {
    expect(ROUTES.map(routeKey).filter((k) => !FIXTURES[k])).toEqual([]);
  });

  // Routes that act on the caller's own data run last: they create records in company B whose
  // per-company ids could otherwise coincide with company A's.
  const order = ROUTES.filter((r) => !r.public).map(routeKey).sort((x, y) => Number(!!FIXTURES[x]?.ownData) - Number(!!FIXTURES[y]?.ownData));
  it.each(order)('%s with company B token and company A ids', async (key) => {
    const [method, path] = key.split(' ') as [string, string];
    const fx = FIXTURES[key]!;
    const res = await b.admin.call(method, `${fillPath(path, fx.params?.(a.tenant) ?? {})}${queryOf(fx, a.tenant)}`, { body: fx.body?.(a.tenant) });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    if (!fx.ownData) expect([403, 404], `${key} answered ${res.status}`).toContain(res.status);
    const text = JSON.stringify(res.body ?? '');
    if (!COMPANY_AGNOSTIC.has(key)) {
      for (const marker of [a.name, a.tenant.adminEmail, a.tenant.userEmail]) expect(text).not.toContain(marker);
    }
  });

  it('every route whose body names a stored file has a storedFile fixture', async () => {
    const named: string[] = [];
    for (const r of ROUTES) if (storageKeyFields((await endpointOf(r)).schemas.body as never).length) named.push(routeKey(r));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((k) => !FIXTURES[k]?.storedFile)).toEqual([]);
  });

  const withFile = ROUTES.filter((r) => FIXTURES[routeKey(r)]?.storedFile).map(routeKey);
  it.each(withFile)('%s naming a stored file of company A from company C is refused; its own file is taken', async (key) => {
    const [method, path] = key.split(' ') as [string, string];
    const fx = FIXTURES[key]!;
    const file = fx.storedFile!;
    const url = `${fillPath(path, fx.params?.(c.tenant) ?? {})}${queryOf(fx, c.tenant)}`;
    const foreign = await c.admin.call(method, url, { body: file.body(c.tenant, a.tenant.uploads[file.kind]) });
    expect([400, 403, 404], `${key} with A's file answered ${foreign.status} ${JSON.stringify(foreign.body)}`).toContain(foreign.status);
    expect(foreign.body.error).toMatch(/^ERR_/);
    expect(JSON.stringify(foreign.body)).not.toContain(a.tenant.uploads[file.kind]);
    if (!file.superCall) {
      const own = await c.admin.call(method, url, { body: file.body(c.tenant, c.tenant.uploads[file.kind]) });
      expect(own.status, `${key} with C's own file: ${JSON.stringify(own.body)}`).toBeLessThan(300);
      return;
    }
    // A super-only route: C's admin is refused even with C's own file; the super admin, naming a
    // file of company A, is refused too, and is let through with a file of its own company.
    expect((await c.admin.call(method, url, { body: file.body(c.tenant, c.tenant.uploads[file.kind]) })).status).toBe(403);
    const sup = await superAdmin();
    const call = await file.superCall(sup.client);
    const supUrl = `${fillPath(path, call.params ?? {})}${queryOf(fx, c.tenant)}`;
    const supForeign = await sup.client.call(method, supUrl, { body: file.body(c.tenant, a.tenant.uploads[file.kind]) });
    expect([400, 403, 404], `${key} by the super admin with A's file: ${supForeign.status}`).toContain(supForeign.status);
    const supOwn = await sup.client.call(method, supUrl, { body: file.body(c.tenant, sup.uploads[file.kind]) });
    expect(supOwn.status, `${key} with the super admin's own file: ${JSON.stringify(supOwn.body)}`).toBeLessThan(300);
  });

  it.each(ROUTES.filter((r) => r.method === 'GET' && !r.public).map(routeKey))('%s for the caller\'s own data carries no storage keys', async (key) => {
    const [, path] = key.split(' ') as [string, string];
    const fx = FIXTURES[key]!;
    const res = await a.admin.call('GET', `${fillPath(path, fx.params?.(a.tenant) ?? {})}${queryOf(fx, a.tenant)}`);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    expect(JSON.stringify(res.body ?? '')).not.toMatch(STORAGE_ATTRIBUTE);
  });

  it('company A is untouched afterwards', async () => {
    const agent = await a.admin.call('GET', `/users/${a.tenant.userId}`);
    expect(agent.status).toBe(200);
    expect(agent.body.name).toBe('Agente Original');
    expect((await a.admin.call('GET', '/settings/userRating')).body.value).toBe('disabled');
    expect((await a.agent.call('GET', '/auth/me')).status).toBe(200);
  });
});
