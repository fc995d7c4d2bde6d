/**
 * The audit log: every administrative change writes exactly one entry with who, when, what and the
 * changed fields before and after (secrets masked); GET /audit lists the company's own entries,
 * newest first, by period, user, resource or action, by cursor; agents get 403, other companies
 * see nothing of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MASK } from '@conversa/shared/schemas/audit';
import { newCompany, PASSWORD, signedIn, unique, type Client } from '../support/api';

type Entry = { id: string; at: string; userId: number; userName: string; action: string; targetId?: string; targetName?: string; before?: Record<string, unknown>; after?: Record<string, unknown> };

let admin: Client;
let companyId: number;
let adminId: number;

beforeAll(async () => {
  ({ admin, companyId } = await newCompany());
  adminId = (await admin.call('GET', '/auth/me')).body.id;
});

/** Runs a change and answers the entries of that action it added (compared with the log before). */
async function entriesOf(action: string, change: () => Promise<unknown>): Promise<Entry[]> {
  const seen = new Set(((await admin.call('GET', `/audit?action=${action}&limit=100`)).body.items as Entry[]).map((e) => e.id));
  await change();
  const res = await admin.call('GET', `/audit?action=${action}&limit=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as Entry[]).filter((e) => !seen.has(e.id));
}

async function one(action: string, change: () => Promise<unknown>): Promise<Entry> {
  const added = await entriesOf(action, change);
  expect(added, action).toHaveLength(1);
  expect(added[0]).toMatchObject({ action, userId: adminId, userName: 'Admin Teste' });
  expect(Date.now() - Date.parse(added[0]!.at)).toBeLessThan(60_000);
  return added[0]!;
}

const ok = async (p: Promise<{ status: number; body: any }>) => {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
};

describe('audit log entries', () => {
  it('users: create, update (password masked), delete', async () => {
    const email = `${unique('pessoa')}@example.test`;
    let id = 0;
    const created = await one('user.create', async () => (id = (await ok(admin.call('POST', '/users', { body: { name: 'Pessoa Auditada', email, password: PASSWORD } }))).id));
    expect(created).toMatchObject({ targetId: String(id), targetName: 'Pessoa Auditada', after: { name: 'Pessoa Auditada', email, profile: 'user', passwordHash: AUDIT_MASK } });
    expect(created.before).toBeUndefined();
    expect(JSON.stringify(created)).not.toMatch(/scrypt/);

    const updated = await one('user.update', () => ok(admin.call('PUT', `/users/${id}`, { body: { name: 'Pessoa Renomeada', profile: 'supervisor', password: 'Outra1234' } })));
    expect(updated.before).toEqual({ name: 'Pessoa Auditada', profile: 'user', passwordHash: AUDIT_MASK });
    expect(updated.after).toEqual({ name: 'Pessoa Renomeada', profile: 'supervisor', passwordHash: AUDIT_MASK });

    // an edit that changes nothing is no change
    expect(await entriesOf('user.update', () => ok(admin.call('PUT', `/users/${id}`, { body: { name: 'Pessoa Renomeada' } })))).toHaveLength(0);

    const deleted = await one('user.delete', () => ok(admin.call('DELETE', `/users/${id}`)));
    expect(deleted).toMatchObject({ targetId: String(id), before: { name: 'Pessoa Renomeada', email } });
    expect(deleted.after).toBeUndefined();
  });

  it('settings (a secret one masked) and company working hours', async () => {
    const rating = await one('setting.update', () => ok(admin.call('PUT', '/settings/userRating', { body: { value: 'enabled' } })));
    expect(rating).toMatchObject({ targetId: 'userRating', before: { value: 'disabled' }, after: { value: 'enabled' } });
    const key = await one('setting.update', () => ok(admin.call('PUT', '/settings/groqApiKey', { body: { value: 'gsk_very_secret_value' } })));
    expect(key).toMatchObject({ targetId: 'groqApiKey', before: { value: '' }, after: { value: AUDIT_MASK } });
    expect(JSON.stringify(key)).not.toContain('gsk_very_secret_value');

    const week = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }];
    const hours = await one('schedules.update', () => ok(admin.call('PUT', `/companies/${companyId}/schedules`, { body: { schedules: week } })));
    expect(hours).toMatchObject({ before: { schedules: [] }, after: { schedules: week } });
  });

  it('connections: create (token masked), update, delete', async () => {
    let id = 0;
    const created = await one('connection.create', async () => (id = (await ok(admin.call('POST', '/whatsapp', { body: { name: 'Conexão Auditada', channel: 'sandbox' } }))).id));
    expect(created).toMatchObject({ targetId: String(id), targetName: 'Conexão Auditada', after: { name: 'Conexão Auditada', channel: 'sandbox', token: AUDIT_MASK } });
    const updated = await one('connection.update', () => ok(admin.call('PUT', `/whatsapp/${id}`, { body: { name: 'Conexão Renomeada', greetingMessage: 'Oi!' } })));
    expect(updated.before).toEqual({ name: 'Conexão Auditada', greetingMessage: '' });
    expect(updated.after).toEqual({ name: 'Conexão Renomeada', greetingMessage: 'Oi!' });
    const deleted = await one('connection.delete', () => ok(admin.call('DELETE', `/whatsapp/${id}`)));
    expect(deleted).toMatchObject({ targetId: String(id), before: { name: 'Conexão Renomeada' } });
  });

  it('queues and their chatbot options', async () => {
    const color = `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, '0')}`;
    let id = 0;
    const created = await one('queue.create', async () => (id = (await ok(admin.call('POST', '/queue', { body: { name: 'Fila Auditada', color, greetingMessage: 'Bem-vindo' } }))).id));
    expect(created).toMatchObject({ targetId: String(id), after: { name: 'Fila Auditada', color, greetingMessage: 'Bem-vindo' } });
    const updated = await one('queue.update', () => ok(admin.call('PUT', `/queue/${id}`, { body: { name: 'Fila Renomeada' } })));
    expect(updated.before).toEqual({ name: 'Fila Auditada' });
    expect(updated.after).toEqual({ name: 'Fila Renomeada' });

    let optionId = 0;
    const option = await one('chatbot.create', async () => (optionId = (await ok(admin.call('POST', '/chatbot', { body: { queueId: id, name: 'Opção Auditada', greetingMessage: 'Texto' } }))).id));
    expect(option).toMatchObject({ targetId: String(optionId), after: { name: 'Opção Auditada', greetingMessage: 'Texto' } });
    const optionEdit = await one('chatbot.update', () => ok(admin.call('PUT', `/chatbot/${optionId}`, { body: { greetingMessage: 'Texto novo' } })));
    expect(optionEdit.before).toEqual({ greetingMessage: 'Texto' });
    expect(optionEdit.after).toEqual({ greetingMessage: 'Texto novo' });
    await one('chatbot.delete', () => ok(admin.call('DELETE', `/chatbot/${optionId}`)));

    const deleted = await one('queue.delete', () => ok(admin.call('DELETE', `/queue/${id}`)));
    expect(deleted).toMatchObject({ targetId: String(id), before: { name: 'Fila Renomeada' } });
  });

  it('ratings and quick replies', async () => {
    const body = { name: 'Avaliação Auditada', message: 'Como foi?', geral: false, options: [{ name: 'Bom', value: 1 }] };
    let id = 0;
    await one('rating.create', async () => (id = (await ok(admin.call('POST', '/ratings', { body }))).id));
    const updated = await one('rating.update', () => ok(admin.call('PUT', `/ratings/${id}`, { body: { message: 'Como foi o atendimento?' } })));
    expect(updated).toMatchObject({ before: { message: 'Como foi?' }, after: { message: 'Como foi o atendimento?' } });
    await one('rating.delete', () => ok(admin.call('DELETE', `/ratings/${id}`)));

    const shortcode = unique('atalho');
    let quickId = 0;
    const quick = await one('quickMessage.create', async () => (quickId = (await ok(admin.call('POST', '/quick-messages', { body: { shortcode, message: 'Olá!' } }))).id));
    expect(quick).toMatchObject({ targetName: shortcode, after: { shortcode, message: 'Olá!' } });
    const quickEdit = await one('quickMessage.update', () => ok(admin.call('PUT', `/quick-messages/${quickId}`, { body: { message: 'Olá, tudo bem?' } })));
    expect(quickEdit).toMatchObject({ before: { message: 'Olá!' }, after: { message: 'Olá, tudo bem?' } });
    await one('quickMessage.delete', () => ok(admin.call('DELETE', `/quick-messages/${quickId}`)));
  });

  it('contacts: one deleted, all deleted, an import started', async () => {
    const contact = await ok(admin.call('POST', '/contacts', { body: { name: 'Cliente Auditado', number: '5511977776666' } }));
    const deleted = await one('contact.delete', () => ok(admin.call('DELETE', `/contacts/${contact.id}`)));
    expect(deleted).toMatchObject({ targetId: String(contact.id), targetName: 'Cliente Auditado', before: { name: 'Cliente Auditado', number: '5511977776666' } });

    await ok(admin.call('POST', '/contacts', { body: { name: 'Outro Cliente', number: '5511977775555' } }));
    const all = await one('contact.deleteAll', () => ok(admin.call('DELETE', '/contacts/all')));
    expect(all.after).toMatchObject({ deleted: 1, kept: 0 });

    const csv = Buffer.from('name,number\nImportado,5511966665555\n');
    const ticket = await ok(admin.call('POST', '/messages/upload', { body: { filename: 'clientes.csv', mimetype: 'text/csv', size: csv.length } }));
    expect((await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: csv })).status).toBeLessThan(300);
    const started = await one('contact.import', () => ok(admin.call('POST', '/contacts/upload', { body: { key: ticket.key } })));
    expect(started).toMatchObject({ targetName: ticket.key.split('/').pop(), after: { format: 'csv' } });
  });
});

describe('GET /audit', () => {
  it('lists newest first, filters by user, resource, action and period, pages by cursor', async () => {
    const { admin: boss } = await newCompany();
    const bossId = (await boss.call('GET', '/auth/me')).body.id;
    const email = `${unique('outro')}@example.test`;
    const other = await ok(boss.call('POST', '/users', { body: { name: 'Outro Admin', email, password: PASSWORD, profile: 'admin' } }));
    const otherAdmin = await signedIn(email);
    for (const v of ['enabled', 'disabled', 'enabled']) await ok(boss.call('PUT', '/settings/userRating', { body: { value: v } }));
    await ok(otherAdmin.call('PUT', '/settings/sendQueuePosition', { body: { value: 'enabled' } }));

    const all = (await ok(boss.call('GET', '/audit'))).items as Entry[];
    expect(all.map((e) => e.action)).toEqual(['setting.update', 'setting.update', 'setting.update', 'setting.update', 'user.create']);
    expect([...all].sort((a, b) => b.at.localeCompare(a.at))).toEqual(all);

    const mine = (await ok(boss.call('GET', `/audit?userId=${other.id}`))).items as Entry[];
    expect(mine.map((e) => [e.userName, e.targetId])).toEqual([['Outro Admin', 'sendQueuePosition']]);
    expect(((await ok(boss.call('GET', `/audit?userId=${bossId}&resource=user`))).items as Entry[]).map((e) => e.action)).toEqual(['user.create']);
    expect(((await ok(boss.call('GET', '/audit?resource=user'))).items as Entry[]).map((e) => e.targetName)).toEqual(['Outro Admin']);
    expect(((await ok(boss.call('GET', '/audit?action=setting.update'))).items as Entry[])).toHaveLength(4);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await ok(boss.call('GET', `/audit?from=${future}`))).items).toEqual([]);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect((await ok(boss.call('GET', `/audit?from=${past}&to=${new Date().toISOString()}`))).items).toHaveLength(5);

    const first = await ok(boss.call('GET', '/audit?limit=2'));
    expect(first.items).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    const second = await ok(boss.call('GET', `/audit?limit=2&cursor=${encodeURIComponent(first.cursor)}`));
    const third = await ok(boss.call('GET', `/audit?limit=2&cursor=${encodeURIComponent(second.cursor)}`));
    expect([...first.items, ...second.items, ...third.items].map((e: Entry) => e.id)).toEqual(all.map((e) => e.id));
    // a filtered page fills across reads: two of the four setting changes, then the rest
    const filtered = await ok(boss.call('GET', '/audit?userId=' + bossId + '&resource=setting&limit=2'));
    expect(filtered.items.map((e: Entry) => e.action)).toEqual(['setting.update', 'setting.update']);
    const rest = await ok(boss.call('GET', `/audit?userId=${bossId}&resource=setting&limit=2&cursor=${encodeURIComponent(filtered.cursor)}`));
    expect(rest.items).toHaveLength(1);
    expect(rest.hasMore).toBe(false);

    expect((await boss.call('GET', '/audit?from=2025-01-02T00:00:00Z&to=2025-01-01T00:00:00Z')).body.error).toBe('ERR_VALIDATION');
    expect((await boss.call('GET', '/audit?resource=user&action=setting.update')).body.error).toBe('ERR_VALIDATION');
    expect((await boss.call('GET', '/audit?action=nope.verb')).status).toBe(400);
  });

  it("another company's admin sees none of it, not even with the company's cursor; agents get 403", async () => {
    const a = await newCompany();
    await ok(a.admin.call('PUT', '/settings/userRating', { body: { value: 'enabled' } }));
    await ok(a.admin.call('PUT', '/settings/userRating', { body: { value: 'disabled' } }));
    const aId = (await a.admin.call('GET', '/auth/me')).body.id;
    const page = await ok(a.admin.call('GET', '/audit?limit=1'));
    expect(page.hasMore).toBe(true);

    const b = await newCompany();
    expect((await ok(b.admin.call('GET', '/audit'))).items).toEqual([]);
    expect((await ok(b.admin.call('GET', `/audit?userId=${aId}`))).items).toEqual([]);
    expect((await ok(b.admin.call('GET', `/audit?cursor=${encodeURIComponent(page.cursor)}`))).items).toEqual([]);

    const email = `${unique('agente')}@example.test`;
    await ok(a.admin.call('POST', '/users', { body: { name: 'Agente', email, password: PASSWORD } }));
    const agent = await signedIn(email);
    const refused = await agent.call('GET', '/audit');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
  });
});
