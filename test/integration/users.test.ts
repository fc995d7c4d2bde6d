import { describe, expect, it } from 'vitest';
import { Client, newCompany, PASSWORD, signedIn, unique } from '../support/api';

const userBody = (over: Record<string, unknown> = {}) => ({ name: 'Maria Souza', email: `${unique('maria')}@example.test`, password: PASSWORD, profile: 'user', ...over });

describe('users', () => {
  it('an admin creates, lists, searches, edits and deletes users', async () => {
    const { admin } = await newCompany();
    const created = await admin.call('POST', '/users', { body: userBody({ name: 'João Atendente', startWork: '08:00', endWork: '18:00', farewellMessage: 'Até logo!' }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'João Atendente', profile: 'user', startWork: '08:00', endWork: '18:00', farewellMessage: 'Até logo!', queueIds: [], whatsappId: null });
    expect(created.body.passwordHash).toBeUndefined();

    const list = await admin.call('GET', '/users');
    expect(list.body.users.map((u: { name: string }) => u.name)).toEqual(['Admin Teste', 'João Atendente']);
    expect(list.body.hasMore).toBe(false);
    const search = await admin.call('GET', '/users?searchParam=joao');
    expect(search.body.users).toHaveLength(1);
    const names = await admin.call('GET', '/users/list');
    expect(names.body).toEqual([{ id: expect.any(Number), name: 'Admin Teste' }, { id: created.body.id, name: 'João Atendente' }]);

    const edited = await admin.call('PUT', `/users/${created.body.id}`, { body: { name: 'João Silva', profile: 'admin' } });
    expect(edited.body).toMatchObject({ name: 'João Silva', profile: 'admin' });
    const del = await admin.call('DELETE', `/users/${created.body.id}`);
    expect(del.status).toBe(204);
    expect((await admin.call('GET', `/users/${created.body.id}`)).body.error).toBe('ERR_NO_USER_FOUND');
  });

  it('pages with a cursor', async () => {
    const { admin } = await newCompany();
    for (let i = 0; i < 4; i++) await admin.call('POST', '/users', { body: userBody({ name: `Pessoa ${i}` }) });
    const p1 = await admin.call('GET', '/users?limit=2');
    expect(p1.body.users).toHaveLength(2);
    expect(p1.body.hasMore).toBe(true);
    const p2 = await admin.call('GET', `/users?limit=2&cursor=${p1.body.cursor}`);
    const p3 = await admin.call('GET', `/users?limit=2&cursor=${p2.body.cursor}`);
    const all = [...p1.body.users, ...p2.body.users, ...p3.body.users].map((u: { id: number }) => u.id);
    expect(new Set(all).size).toBe(5);
    expect(p3.body.hasMore).toBe(false);
  });

  it('validates with the spec messages', async () => {
    const { admin } = await newCompany();
    const res = await admin.call('POST', '/users', { body: { name: 'J', email: 'bad', password: '1234' } });
    expect(res.status).toBe(400);
    const byPath = Object.fromEntries(res.body.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(byPath).toEqual({ 'body.name': 'Too Short!', 'body.email': 'Invalid email', 'body.password': 'Too Short!' });
    const long = await admin.call('POST', '/users', { body: userBody({ name: 'x'.repeat(51) }) });
    expect(long.body.issues[0]).toEqual({ path: 'body.name', message: 'Too Long!' });
    const badTime = await admin.call('POST', '/users', { body: userBody({ startWork: '25:00' }) });
    expect(badTime.body.issues[0].path).toBe('body.startWork');
  });

  it('refuses a duplicated e-mail, across companies too', async () => {
    const { admin } = await newCompany();
    const res = await admin.call('POST', '/users', { body: userBody({ email: 'agent@demo.local' }) });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('ERR_DUPLICATED_EMAIL');
  });

  it('stops at the plan user limit with ERR_MAX_USERS_REACHED, also under concurrency', async () => {
    const { admin } = await newCompany('inicial'); // 3 users
    const results = await Promise.all([0, 1, 2, 3].map(() => admin.call('POST', '/users', { body: userBody() })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 403, 403]);
    expect(results.find((r) => r.status === 403)!.body.error).toBe('ERR_MAX_USERS_REACHED');
    expect((await admin.call('GET', '/users')).body.users).toHaveLength(3);
  });

  it('never leaves a company without an admin (ERR_LAST_ADMIN)', async () => {
    const { admin } = await newCompany();
    const me = (await admin.call('GET', '/auth/me')).body;
    const demote = await admin.call('PUT', `/users/${me.id}`, { body: { profile: 'user' } });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toBe('ERR_LAST_ADMIN');
    const del = await admin.call('DELETE', `/users/${me.id}`);
    expect(del.body.error).toBe('ERR_LAST_ADMIN');
    // With a second admin, the first may step down.
    await admin.call('POST', '/users', { body: userBody({ profile: 'admin' }) });
    expect((await admin.call('PUT', `/users/${me.id}`, { body: { profile: 'user' } })).status).toBe(200);
  });

  it('refuses queue and connection ids the company does not have', async () => {
    const { admin } = await newCompany();
    const res = await admin.call('POST', '/users', { body: userBody({ queueIds: [42], whatsappId: 7 }) });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['body.queueIds', 'body.whatsappId']);
  });

  it('an agent reads only itself and edits only its own password, farewell and hours', async () => {
    const { admin } = await newCompany();
    const email = `${unique()}@example.test`;
    const made = await admin.call('POST', '/users', { body: userBody({ email, name: 'Ana Agente' }) });
    const agent = await signedIn(email);
    const adminId = (await admin.call('GET', '/auth/me')).body.id;
    expect((await agent.call('GET', '/users')).body.error).toBe('ERR_NO_PERMISSION');
    expect((await agent.call('POST', '/users', { body: userBody() })).status).toBe(403);
    expect((await agent.call('GET', `/users/${adminId}`)).status).toBe(403);
    expect((await agent.call('GET', `/users/${made.body.id}`)).status).toBe(200);
    expect((await agent.call('GET', '/users/list')).status).toBe(200);
    expect((await agent.call('PUT', `/users/${made.body.id}`, { body: { name: 'Outro Nome' } })).body.error).toBe('ERR_NO_PERMISSION');
    expect((await agent.call('PUT', `/users/${made.body.id}`, { body: { profile: 'admin' } })).body.error).toBe('ERR_NO_PERMISSION');
    expect((await agent.call('PUT', `/users/${made.body.id}`, { body: { name: 'Ana Agente', farewellMessage: 'Tchau!' } })).status).toBe(200);
    expect((await agent.call('PUT', `/users/${made.body.id}`, { body: { password: 'NovaSenha9' } })).status).toBe(200);
    expect((await agent.call('DELETE', `/users/${adminId}`)).status).toBe(403);
    expect((await new Client().login(email, 'NovaSenha9')).status).toBe(200);
  });
});
