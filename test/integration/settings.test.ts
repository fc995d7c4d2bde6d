import { describe, expect, it } from 'vitest';
import { SETTING_KEYS } from '../../shared/src/settings';
import { newCompany, signedIn, unique, PASSWORD } from '../support/api';

describe('settings', () => {
  it('lists every key with its default, company scoped', async () => {
    const { admin } = await newCompany();
    const res = await admin.call('GET', '/settings');
    expect(res.status).toBe(200);
    expect(res.body.map((s: { key: string }) => s.key).sort()).toEqual([...SETTING_KEYS].sort());
    expect(res.body.find((s: { key: string }) => s.key === 'mainColor').value).toBe('#007FAD');
    expect((await admin.call('GET', '/settings/scrollbarColor')).body).toEqual({ key: 'scrollbarColor', value: '#007FAD' });
  });

  it('an admin changes a key; other companies keep theirs', async () => {
    const a = await newCompany();
    const b = await newCompany();
    const put = await a.admin.call('PUT', '/settings/userRating', { body: { value: 'enabled' } });
    expect(put.body).toEqual({ key: 'userRating', value: 'enabled' });
    expect((await a.admin.call('GET', '/settings/userRating')).body.value).toBe('enabled');
    expect((await b.admin.call('GET', '/settings/userRating')).body.value).toBe('disabled');
  });

  it('refuses unknown keys and bad values', async () => {
    const { admin } = await newCompany();
    const unknown = await admin.call('PUT', '/settings/noSuchKey', { body: { value: 'x' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ERR_NO_SETTING_FOUND');
    const bad = await admin.call('PUT', '/settings/scheduleType', { body: { value: 'sometimes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    const color = await admin.call('PUT', '/settings/mainColor', { body: { value: 'red' } });
    expect(color.status).toBe(400);
    expect((await admin.call('GET', '/settings/scheduleType')).body.value).toBe('disabled');
  });

  it('agents read settings but neither change them nor see secrets', async () => {
    const { admin } = await newCompany();
    await admin.call('PUT', '/settings/groqApiKey', { body: { value: 'gsk_secret' } });
    const email = `${unique()}@example.test`;
    await admin.call('POST', '/users', { body: { name: 'Agente', email, password: PASSWORD } });
    const agent = await signedIn(email);
    const list = await agent.call('GET', '/settings');
    expect(list.status).toBe(200);
    expect(list.body.some((s: { key: string }) => s.key === 'groqApiKey')).toBe(false);
    expect((await agent.call('GET', '/settings/groqApiKey')).status).toBe(403);
    expect((await agent.call('PUT', '/settings/userRating', { body: { value: 'enabled' } })).body.error).toBe('ERR_NO_PERMISSION');
    // What the secret switches on is said without it: the chat offers transcription from the session.
    const me = (await agent.call('GET', '/auth/me')).body;
    expect(me.company.features).toEqual({ transcription: true });
    expect(JSON.stringify(me)).not.toContain('gsk_secret');
    await admin.call('PUT', '/settings/groqApiKey', { body: { value: '' } });
    expect((await agent.call('GET', '/auth/me')).body.company.features).toEqual({ transcription: false });
  });
});

describe('platform', () => {
  it('GET /version and the public plan list', async () => {
    const { admin } = await newCompany();
    expect((await admin.call('GET', '/version')).body.version).toMatch(/^\d+\.\d+\.\d+/);
    const plans = await admin.call('GET', '/plans/list', { token: null });
    // Cheapest first; the super admin's plans of other tests (Settings > Plans) sit among the four seeded ones.
    const list = plans.body as { id: number; name: string; amount: number }[];
    expect(list.map((p) => p.amount)).toEqual(list.map((p) => p.amount).sort((a, b) => a - b));
    expect(list.filter((p) => p.id <= 4).map((p) => p.name)).toEqual(['inicial', 'basico', 'empresarial', 'ultimate']);
    expect(list.find((p) => p.id === 4)).toMatchObject({ useShowFlowBuilder: true, useFacebook: true });
  });

  it('GET /companies/listPlan/{id}: own company, or any for the super user', async () => {
    const { admin, companyId } = await newCompany('empresarial');
    expect((await admin.call('GET', `/companies/listPlan/${companyId}`)).body.plan.name).toBe('empresarial');
    expect((await admin.call('GET', '/companies/listPlan/2')).status).toBe(403);
    const sup = await signedIn('admin@conversa.local');
    expect((await sup.call('GET', `/companies/listPlan/${companyId}`)).body.plan.name).toBe('empresarial');
  });

  it('unknown routes are 404 and wrong methods 405, with codes', async () => {
    const { admin } = await newCompany();
    const nf = await admin.call('GET', '/no/such/route');
    expect(nf.status).toBe(404);
    expect(nf.body.error).toBe('ERR_NOT_FOUND');
    const m = await admin.call('PATCH', '/settings');
    expect(m.status).toBe(405);
    expect(m.body.error).toBe('ERR_METHOD_NOT_ALLOWED');
  });
});
