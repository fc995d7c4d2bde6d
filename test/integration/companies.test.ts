/**
 * Companies and plans run by the super admin (issue 20): a company and its first admin in one
 * transaction, a taken e-mail writes nothing, a plan in use is not removed, deactivation refuses
 * the company's logins and ends its sessions at once, reactivation lets them in again, deletion
 * removes all of the company in the background and nothing of another company, and company
 * admins are refused every super route.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../functions/src/adapters/db/keys';
import { backfillPlanCounts } from '../../functions/src/adapters/db/company-upgrade';
import { db, table } from '../../functions/src/adapters/db/client';
import { randomUUID } from 'node:crypto';
import { markDeleting } from '../../functions/src/adapters/db/companies';
import { advanceJob, getDeletionJob, putDeletionJob } from '../../functions/src/adapters/db/company-deletions';
import { listMediaKeys } from '../../functions/src/adapters/media';
import { workOnDeletion } from '../../functions/src/domain/companies/deletion-work';
import { ROUTES, routeKey } from '../../functions/src/http/routes';
import { Client, newCompany, PASSWORD, signedIn, unique } from '../support/api';
import { companyBody, planBody } from '../support/fixtures/companies';
import { fillPath, FIXTURES } from '../support/route-fixtures';
import { until } from '../support/sandbox';
import { closed, openSocket } from '../support/socket';
import { TINY_PNG, uploadFile } from '../support/tenants';

let sup: Client;

/** Every item of a company: its partitions, and platform items naming it. */
async function itemsOf(companyId: number): Promise<Record<string, any>[]> {
  const items: Record<string, any>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new ScanCommand({
        TableName: table(),
        FilterExpression: 'begins_with(PK, :c) OR (begins_with(PK, :p) AND companyId = :cid) OR PK = :company',
        ExpressionAttributeValues: { ':c': `C#${companyId}#`, ':p': 'P#', ':cid': companyId, ':company': `P#COMPANY#${companyId}` },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

async function companiesCount(): Promise<number> {
  let n = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new QueryCommand({ TableName: table(), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :p', ExpressionAttributeValues: { ':p': 'P#COMPANIES' }, Select: 'COUNT', ExclusiveStartKey: start }));
    n += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return n;
}

async function newPlan(over: Record<string, unknown> = {}) {
  const res = await sup.call('POST', '/plans', { body: { ...planBody(), ...over } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; users: number; companies: number; [k: string]: unknown };
}

async function newManagedCompany(over: Record<string, unknown> = {}) {
  const body = { ...companyBody(), ...over };
  const res = await sup.call('POST', '/companies', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { company: res.body as { id: number; name: string; email: string; planId: number }, email: body.email as string };
}

beforeAll(async () => {
  sup = await signedIn('admin@conversa.local');
});

describe('plans', () => {
  it('flags default on (flow builder off), amounts in 2 decimals, flow builder only on ultimate', async () => {
    const p = await newPlan({ amount: 99.999 });
    expect(p).toMatchObject({ useWhatsapp: true, useFacebook: true, useInstagram: true, useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useShowFlowBuilder: false, amount: 100, companies: 0 });
    const refused = await sup.call('POST', '/plans', { body: { ...planBody(), tier: 'empresarial', useShowFlowBuilder: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_VALIDATION');
    const top = await newPlan({ tier: 'ultimate', useShowFlowBuilder: true });
    expect(top.useShowFlowBuilder).toBe(true);
    // Moving it below the top tier drops the flag; asking for it there is refused.
    const down = await sup.call('PUT', `/plans/${top.id}`, { body: { tier: 'basico' } });
    expect(down.body.useShowFlowBuilder).toBe(false);
    const ask = await sup.call('PUT', `/plans/${top.id}`, { body: { useShowFlowBuilder: true } });
    expect(ask.body.error).toBe('ERR_FLOW_BUILDER_TOP_TIER');
    const shown = await sup.call('GET', `/plans/${p.id}`);
    expect(shown.body.name).toBe(p.name);
    const all = await sup.call('GET', '/plans');
    expect(all.body.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([p.id, top.id]));
    // The public list never shows how many companies are on a plan.
    const pub = await new Client().call('GET', '/plans/list');
    expect(pub.body.find((x: { id: number }) => x.id === p.id)).not.toHaveProperty('companies');
    expect((await sup.call('DELETE', `/plans/${top.id}`)).status).toBe(204);
    expect((await sup.call('GET', `/plans/${top.id}`)).status).toBe(404);
  });

  it('a plan in use cannot be removed (ERR_PLAN_IN_USE); once its company moved away it can', async () => {
    const p = await newPlan();
    const { company } = await newManagedCompany({ planId: p.id });
    expect((await sup.call('GET', `/plans/${p.id}`)).body.companies).toBe(1);
    const refused = await sup.call('DELETE', `/plans/${p.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('ERR_PLAN_IN_USE');
    expect(refused.body.message).toMatch(/em uso/);
    const moved = await sup.call('PUT', `/companies/${company.id}`, { body: { planId: 2 } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await sup.call('GET', `/plans/${p.id}`)).body.companies).toBe(0);
    expect((await sup.call('DELETE', `/plans/${p.id}`)).status).toBe(204);
  });
});

describe('companies', () => {
  it('creates the company and its first admin in one transaction; the admin signs in', async () => {
    const before = await companiesCount();
    const { company, email } = await newManagedCompany({ phone: '11988887777', billingName: 'Fulano de Tal', addressZipCode: '01001-000', addressStreet: 'Praça da Sé', addressState: 'sp', addressCity: 'São Paulo', addressDistrict: 'Sé', paymentMethod: 'pix', recurrence: 'TRIMESTRAL' });
    expect(await companiesCount()).toBe(before + 1);
    const shown = await sup.call('GET', `/companies/${company.id}`);
    expect(shown.body).toMatchObject({ id: company.id, email, document: '52998224725', addressZipCode: '01001000', addressState: 'SP', recurrence: 'TRIMESTRAL', status: true, dueDate: '2030-01-31', plan: { name: expect.any(String) } });
    const admin = await signedIn(email);
    const me = await admin.call('GET', '/auth/me');
    expect(me.body).toMatchObject({ companyId: company.id, profile: 'admin', super: false });
  });

  it('a taken e-mail is ERR_DUPLICATED_EMAIL and writes nothing', async () => {
    const { email } = await newManagedCompany();
    const before = await companiesCount();
    const plan = (await sup.call('GET', '/plans/2')).body.companies;
    const res = await sup.call('POST', '/companies', { body: { ...companyBody(), email } });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('ERR_DUPLICATED_EMAIL');
    expect(await companiesCount()).toBe(before);
    expect((await sup.call('GET', '/plans/2')).body.companies).toBe(plan);
  });

  it('validates the document by its check digits, the modal texts and the due date', async () => {
    const bad = await sup.call('POST', '/companies', { body: { ...companyBody(), document: '529.982.247-24' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.issues)).toContain('CPF/CNPJ');
    const cnpj = await newManagedCompany({ document: '11.222.333/0001-81', dueDate: null });
    expect((await sup.call('GET', `/companies/${cnpj.company.id}`)).body).toMatchObject({ document: '11222333000181', dueDate: null });
    const noName = await sup.call('POST', '/companies', { body: { ...companyBody(), name: '' } });
    expect(JSON.stringify(noName.body.issues)).toContain('Nome é obrigatório');
    const badEmail = await sup.call('POST', '/companies', { body: { ...companyBody(), email: 'não-é-email' } });
    expect(JSON.stringify(badEmail.body.issues)).toContain('Email é inválido');
    const noEmail = await sup.call('POST', '/companies', { body: { ...companyBody(), email: '' } });
    expect(JSON.stringify(noEmail.body.issues)).toContain('E-mail é obrigatório');
    const badDate = await sup.call('PUT', `/companies/${cnpj.company.id}`, { body: { dueDate: '2030-02-31x' } });
    expect(badDate.status).toBe(400);
    // Malformed bodies as the super admin: 4xx with a code, never a 500.
    for (const body of [{}, { name: 12 }, { planId: 'x' }, { status: 'yes' }, { name: 'x'.repeat(10_000) }, { unknown: 1 }]) {
      const r = await sup.call('PUT', `/companies/${cnpj.company.id}`, { body });
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
    }
    for (const body of [{}, { ...planBody(), users: 0 }, { ...planBody(), amount: -1 }, { ...planBody(), tier: 'gold' }, { ...planBody(), name: 'x'.repeat(100) }]) {
      const r = await sup.call('POST', '/plans', { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    }
    expect((await sup.call('GET', '/companies/99999999')).body.error).toBe('ERR_NO_COMPANY_FOUND');
    expect((await sup.call('DELETE', '/companies/99999999')).body.error).toBe('ERR_NO_COMPANY_FOUND');
    expect((await sup.call('DELETE', '/plans/99999999')).body.error).toBe('ERR_NO_PLAN_FOUND');
  });

  it('pages and searches the companies by cursor (GET /companiesPlan)', async () => {
    const tag = unique('Busca').replace(/-/g, '');
    for (let i = 0; i < 3; i++) await newManagedCompany({ name: `${tag} ${i}` });
    const first = await sup.call('GET', `/companiesPlan?searchParam=${encodeURIComponent(tag.toLowerCase())}&pageNumber=1&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.companies).toHaveLength(2);
    expect(first.body.hasMore).toBe(true);
    const second = await sup.call('GET', `/companiesPlan?searchParam=${encodeURIComponent(tag)}&limit=2&cursor=${first.body.cursor}`);
    const names = [...first.body.companies, ...second.body.companies].map((c: { name: string }) => c.name);
    expect(names).toEqual([`${tag} 0`, `${tag} 1`, `${tag} 2`]);
    // pageNumber alone (spec 2 §7) reaches the same second page.
    const byNumber = await sup.call('GET', `/companiesPlan?searchParam=${encodeURIComponent(tag)}&limit=2&pageNumber=2`);
    expect(byNumber.body.companies.map((c: { name: string }) => c.name)).toEqual([`${tag} 2`]);
    const all = await sup.call('GET', '/companies/list');
    expect(all.body.some((c: { id: number }) => c.id === 1)).toBe(true);
    expect((await sup.call('GET', '/companies?limit=5')).body.companies).toHaveLength(5);
  });

  it('company 1 (the platform) can never be deactivated or deleted', async () => {
    const off = await sup.call('PUT', '/companies/1', { body: { status: false } });
    expect(off.status).toBe(409);
    expect(off.body.error).toBe('ERR_PLATFORM_COMPANY');
    const del = await sup.call('DELETE', '/companies/1');
    expect(del.body.error).toBe('ERR_PLATFORM_COMPANY');
    expect((await sup.call('GET', '/auth/me')).status).toBe(200);
  });

  it('a company admin is refused every super route with 403 ERR_NO_PERMISSION', async () => {
    const { admin, companyId } = await newCompany();
    const superRoutes = ROUTES.filter((r) => r.group === 'companies');
    expect(superRoutes.length).toBe(13);
    for (const r of superRoutes) {
      const fx = FIXTURES[routeKey(r)]!;
      const res = await admin.call(r.method, fillPath(r.path, fx.params?.({ companyId } as never) ?? {}), { body: fx.body?.({} as never) });
      expect(res.status, routeKey(r)).toBe(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
    }
    // Its own company is untouched.
    expect((await admin.call('GET', '/auth/me')).body.company.status).toBe(true);
  });
});

describe('deactivation', () => {
  it('refuses logins at once (translated), ends sessions and sockets; reactivation lets them in', async () => {
    const { company, email } = await newManagedCompany();
    const admin = await signedIn(email);
    const socket = await openSocket(admin.token!);
    const cookie = new Map(admin.cookies);
    const off = await sup.call('PUT', `/companies/${company.id}`, { body: { status: false } });
    expect(off.status).toBe(200);
    expect(off.body.status).toBe(false);
    // The token is refused now, not when a cache expires; the socket was closed.
    const call = await admin.call('GET', '/auth/me');
    expect(call.status).toBe(401);
    await closed(socket.ws);
    // The refresh cookie is dead too.
    const again = new Client();
    again.cookies = cookie;
    expect((await again.call('POST', '/auth/refresh_token')).status).toBeGreaterThanOrEqual(401);
    for (const [lang, text] of [['pt', 'Esta conta está desativada.'], ['en', 'This account is disabled.']] as const) {
      const login = await new Client(lang).call('POST', '/auth/login', { body: { email, password: PASSWORD } });
      expect(login.status).toBe(403);
      expect(login.body).toMatchObject({ error: 'ERR_ACCOUNT_DISABLED', message: text });
    }
    const on = await sup.call('PUT', `/companies/${company.id}`, { body: { status: true } });
    expect(on.body.status).toBe(true);
    const back = await signedIn(email);
    expect((await back.call('GET', '/auth/me')).status).toBe(200);
  });
});

describe('deletion', () => {
  it('removes all of the company in the background, nothing of another; its e-mails are free again', async () => {
    const other = await newCompany();
    const otherAgent = await other.admin.call('POST', '/users', { body: { name: 'Agente Outro', email: `${unique('outro')}@example.test`, password: PASSWORD } });
    expect(otherAgent.status).toBe(201);
    await other.admin.call('POST', '/contacts', { body: { name: 'Cliente Outro', number: '5511911112222' } });
    const otherFile = await uploadFile(other.admin, 'outro.png', 'image/png', TINY_PNG);

    const plan = await newPlan();
    const { company, email } = await newManagedCompany({ planId: plan.id });
    const admin = await signedIn(email);
    const agentEmail = `${unique('agente')}@example.test`;
    expect((await admin.call('POST', '/users', { body: { name: 'Agente X', email: agentEmail, password: PASSWORD } })).status).toBe(201);
    expect((await admin.call('POST', '/contacts', { body: { name: 'Cliente X', number: '5511933334444' } })).status).toBeLessThan(300);
    await uploadFile(admin, 'x.png', 'image/png', TINY_PNG);
    const socket = await openSocket(admin.token!);
    // A reset code (a platform item keyed by the e-mail).
    await new Client().call('POST', `/forgetpassword/${agentEmail}`);
    const mine = await itemsOf(company.id);
    expect(mine.some((i) => String(i.PK).startsWith('P#EMAIL#'))).toBe(true);
    expect(mine.some((i) => String(i.PK).startsWith('P#WS#'))).toBe(true);
    expect((await listMediaKeys(`companies/${company.id}/`, undefined)).keys.length).toBeGreaterThan(0);

    const otherBefore = (await itemsOf(other.companyId)).filter((i) => !String(i.PK).endsWith('#SESSIONS'));
    const del = await sup.call('DELETE', `/companies/${company.id}`);
    expect(del.status).toBe(202);
    expect(del.body).toMatchObject({ state: 'running' });
    // Its tokens stop at once.
    expect((await admin.call('GET', '/auth/me')).status).toBe(401);
    await closed(socket.ws);
    // Asked again: the same job.
    expect((await sup.call('DELETE', `/companies/${company.id}`)).body.jobId).toBe(del.body.jobId);
    expect((await sup.call('PUT', `/companies/${company.id}`, { body: { name: 'Outro Nome' } })).body.error).toBe('ERR_COMPANY_BEING_DELETED');

    // The job scans the whole table twice, and the shared stack's table holds every test's items.
    const done = await until('the deletion to finish', async () => {
      const p = await sup.call('GET', `/companies/${company.id}/deletion`);
      return p.body.state === 'done' && p.body;
    }, 240_000, 500);
    expect(done.deleted).toBeGreaterThan(5);
    expect(await itemsOf(company.id)).toEqual([]);
    expect((await sup.call('GET', `/companies/${company.id}`)).status).toBe(404);
    expect((await listMediaKeys(`companies/${company.id}/`, undefined)).keys).toEqual([]);
    // Its plan is free again.
    expect((await sup.call('GET', `/plans/${plan.id}`)).body.companies).toBe(0);

    // The other company: the same items, its file still there, its admin still in.
    const otherAfter = (await itemsOf(other.companyId)).filter((i) => !String(i.PK).endsWith('#SESSIONS'));
    expect(otherAfter.length).toBe(otherBefore.length);
    expect(JSON.stringify(otherAfter.map((i) => `${i.PK}|${i.SK}`).sort())).toBe(JSON.stringify(otherBefore.map((i) => `${i.PK}|${i.SK}`).sort()));
    expect((await listMediaKeys(otherFile, undefined)).keys).toEqual([otherFile]);
    expect((await other.admin.call('GET', '/auth/me')).status).toBe(200);

    // The e-mails are free for a new signup.
    const anon = new Client();
    const signup = await anon.call('POST', '/auth/signup', { body: { companyName: unique('Nova'), name: 'Nova Admin', email, password: PASSWORD, phone: '11999990000', planId: 2 } });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    expect((await signedIn(email)).token).toBeTruthy();
  }, 300_000);
});

describe('deletion job', () => {
  it('stores its position after every step: a crash resumes from it, a stale or second delivery does nothing', async () => {
    const { company, email } = await newManagedCompany();
    const admin = await signedIn(email);
    await admin.call('POST', '/contacts', { body: { name: 'Cliente Y', number: '5511955556666' } });
    // The request's own writes, without its queue message: this test plays the worker.
    const jobId = randomUUID();
    const now = new Date().toISOString();
    const job = { cid: company.id, jobId, state: 'running' as const, phase: 'users' as const, pass: 1, step: 0, deleted: 0, scanned: 0, objects: 0, startedAt: now, updatedAt: now };
    expect(await markDeleting(company.id, { jobId, state: 'running', phase: 'users', deleted: 0, scanned: 0, startedAt: now })).toBeDefined();
    expect(await putDeletionJob(job)).toBe(true);
    expect(await putDeletionJob({ ...job, jobId: randomUUID() })).toBe(false);
    // One step per turn (no time left after each), as if the Lambda stopped after every page: pages of
    // 10 items for the first turns, then of 2,000 (the shared stack's table holds every test's items).
    const positions: (string | undefined)[] = [];
    let outcome = '';
    for (let turn = 0; turn < 5000 && outcome !== 'done'; turn++) {
      outcome = await workOnDeletion(company.id, jobId, () => 0, 10_000, turn < 20 ? 10 : 2_000);
      const saved = (await getDeletionJob(company.id))!;
      positions.push(saved.phase === 'scan' ? saved.position : saved.phase);
      // A copy read before this step is stale now: its write is refused.
      if (turn === 2) expect(await advanceJob({ ...saved, step: saved.step - 1 }, saved)).toBe(false);
    }
    expect(outcome).toBe('done');
    // The scan went page by page with a saved position (the table holds every test's items).
    expect(positions.filter((p) => p && p.startsWith('{')).length).toBeGreaterThan(1);
    expect(await itemsOf(company.id)).toEqual([]);
    // A redelivered message, or another job's, finds nothing to do.
    expect(await workOnDeletion(company.id, jobId, () => 60_000)).toBe('stale');
    expect(await workOnDeletion(company.id, randomUUID(), () => 60_000)).toBe('stale');
    expect((await getDeletionJob(company.id))!.state).toBe('done');
  }, 300_000);
});

describe('deletion request that stopped half-way', () => {
  it('a company marked for deletion without its job (the request stopped) is finished by asking again', async () => {
    const { company, email } = await newManagedCompany();
    const jobId = randomUUID();
    expect(await markDeleting(company.id, { jobId, state: 'running', phase: 'users', deleted: 0, scanned: 0, startedAt: new Date().toISOString() })).toBeDefined();
    // Marked (inactive): its admin is refused, but nothing was queued.
    expect((await new Client().call('POST', '/auth/login', { body: { email, password: PASSWORD } })).body.error).toBe('ERR_ACCOUNT_DISABLED');
    const again = await sup.call('DELETE', `/companies/${company.id}`);
    expect(again.status).toBe(202);
    expect(again.body.jobId).toBe(jobId);
    await until('the deletion to finish', async () => (await sup.call('GET', `/companies/${company.id}/deletion`)).body.state === 'done', 240_000, 500);
    expect(await itemsOf(company.id)).toEqual([]);
  }, 300_000);
});

describe('tables from before the plans\' counts', () => {
  it('the one-time upgrade sets each plan\'s company count and each company\'s search text', async () => {
    const p = await newPlan();
    const { company } = await newManagedCompany({ planId: p.id, name: `Antiga ${unique('a').slice(2)}` });
    // As an older version left them: no count on the plan, no search text on the company, no marker.
    await db().send(new UpdateCommand({ TableName: table(), Key: keys.plan(p.id), UpdateExpression: 'REMOVE companies' }));
    await db().send(new UpdateCommand({ TableName: table(), Key: keys.company(company.id), UpdateExpression: 'REMOVE searchText' }));
    await db().send(new DeleteCommand({ TableName: table(), Key: { PK: 'P#UPGRADES', SK: 'plan-company-counts' } }));
    expect((await sup.call('GET', `/companiesPlan?searchParam=${encodeURIComponent(company.name)}`)).body.companies).toEqual([]);
    expect(await backfillPlanCounts()).toBe(true);
    expect(await backfillPlanCounts()).toBe(false);
    expect((await sup.call('GET', `/plans/${p.id}`)).body.companies).toBe(1);
    expect((await sup.call('DELETE', `/plans/${p.id}`)).body.error).toBe('ERR_PLAN_IN_USE');
    expect((await sup.call('GET', `/companiesPlan?searchParam=${encodeURIComponent(company.name)}`)).body.companies.map((c: { id: number }) => c.id)).toEqual([company.id]);
  });
});

describe('audit', () => {
  it('every company and plan change is on the platform trail the super admin reads', async () => {
    const p = await newPlan();
    await sup.call('PUT', `/plans/${p.id}`, { body: { amount: 10.5 } });
    const { company } = await newManagedCompany({ planId: p.id });
    await sup.call('PUT', `/companies/${company.id}`, { body: { status: false } });
    const plans = await sup.call('GET', '/audit?resource=plan&limit=50');
    const planUpdate = plans.body.items.find((e: { action: string; targetId: string }) => e.action === 'plan.update' && e.targetId === String(p.id));
    expect(planUpdate).toMatchObject({ userName: 'Super Admin', before: { amount: p.amount }, after: { amount: 10.5 } });
    expect(plans.body.items.some((e: { action: string; targetId: string }) => e.action === 'plan.create' && e.targetId === String(p.id))).toBe(true);
    const companies = await sup.call('GET', '/audit?resource=company&limit=50');
    const off = companies.body.items.find((e: { action: string; targetId: string }) => e.action === 'company.update' && e.targetId === String(company.id));
    expect(off).toMatchObject({ before: { active: true }, after: { active: false } });
    const created = companies.body.items.find((e: { action: string; targetId: string }) => e.action === 'company.create' && e.targetId === String(company.id));
    expect(created.after).toMatchObject({ name: company.name, adminEmail: company.email });
    expect(JSON.stringify(created)).not.toContain('Conversa123');
  });
});
