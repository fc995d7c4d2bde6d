/**
 * Calls every route of the route table with another company's token and this company's ids:
 * nothing of company A may be read, changed or deleted from company B.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey, COMPANY_AGNOSTIC } from '../../functions/src/http/routes';
import { FIXTURES, fillPath } from '../support/route-fixtures';
import { newCompany, type Client } from '../support/api';
import { tenantWithAgent } from '../support/tenants';

let a: Awaited<ReturnType<typeof tenantWithAgent>>;
let b: { admin: Client; companyId: number };

beforeAll(async () => {
  a = await tenantWithAgent();
  b = await newCompany();
});

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
    const res = await b.admin.call(method, fillPath(path, fx.params?.(a.tenant) ?? {}), { body: fx.body?.(a.tenant) });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    if (!fx.ownData) expect([403, 404], `${key} answered ${res.status}`).toContain(res.status);
    const text = JSON.stringify(res.body ?? '');
    if (!COMPANY_AGNOSTIC.has(key)) {
      for (const marker of [a.name, a.tenant.adminEmail, a.tenant.userEmail]) expect(text).not.toContain(marker);
    }
  });

  it('company A is untouched afterwards', async () => {
    const agent = await a.admin.call('GET', `/users/${a.tenant.userId}`);
    expect(agent.status).toBe(200);
    expect(agent.body.name).toBe('Agente Original');
    expect((await a.admin.call('GET', '/settings/userRating')).body.value).toBe('disabled');
    expect((await a.agent.call('GET', '/auth/me')).status).toBe(200);
  });
});
