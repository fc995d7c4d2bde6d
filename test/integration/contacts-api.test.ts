/**
 * The contacts API against the local stack: validation texts, one contact per number (ninth
 * digit, concurrency, number changes), lists (search, cursor pages, counts, dates, masking for
 * agents), block → inbound ignored, delete rules, export, /n/{telefone} and live events.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';
import { baseUrl, newCompany, type Client } from '../support/api';
import { runInbound, text } from '../support/inbound';
import { openSocket } from '../support/socket';
import { tenantWithAgent } from '../support/tenants';

let c: Awaited<ReturnType<typeof tenantWithAgent>>;
let seq = 0;
/** A fresh Brazilian mobile with the ninth digit: 55 21 9 9XXXXXXX. */
const phone = () => `552199${String(Date.now() % 1e4).padStart(4, '0')}${String(++seq).padStart(3, '0')}`;
const post = (cl: Client, body: Record<string, unknown>) => cl.call('POST', '/contacts', { body });

async function messagesOf(companyId: number, ticketId: number): Promise<number> {
  const out = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `C#${companyId}#MSGS#${ticketId}` }, Select: 'COUNT', ConsistentRead: true }));
  return out.Count ?? 0;
}

beforeAll(async () => {
  c = await tenantWithAgent();
});

describe('creating contacts', () => {
  it('answers the spec texts for each invalid field', async () => {
    const issues = async (body: Record<string, unknown>) => {
      const res = await post(c.admin, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      return Object.fromEntries(res.body.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    };
    expect(await issues({})).toEqual({ 'body.name': 'Required', 'body.number': 'Required' });
    expect(await issues({ name: 'A', number: '123-45', email: 'nope' })).toEqual({ 'body.name': 'Too Short!', 'body.number': 'Too Short!', 'body.email': 'Invalid email' });
    expect(await issues({ name: 'x'.repeat(51), number: '1'.repeat(51) })).toEqual({ 'body.name': 'Too Long!', 'body.number': 'Too Long!' });
  });

  it('strips the number to digits and answers the ContactView', async () => {
    const res = await post(c.admin, { name: '  Maria Souza ', number: '+55 (21) 98888-0001', email: 'Maria@Example.test', empresa: 'ACME', extraInfo: [{ name: 'CPF', value: '123' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: 'Maria Souza', number: '5521988880001', email: 'maria@example.test', empresa: 'ACME', active: true, acceptAudioMessage: true, isGroup: false, extraInfo: [{ id: '1', name: 'CPF', value: '123' }] });
    expect((await c.admin.call('GET', `/contacts/${res.body.id}`)).body.number).toBe('5521988880001');
  });

  it('refuses a number already in the company, in either ninth-digit spelling', async () => {
    const n = phone();
    expect((await post(c.admin, { name: 'Primeiro', number: n })).status).toBe(201);
    const same = await post(c.admin, { name: 'Segundo', number: `+${n.slice(0, 2)} (${n.slice(2, 4)}) ${n.slice(4)}` });
    expect([same.status, same.body.error]).toEqual([409, 'ERR_DUPLICATED_CONTACT']);
    const ninth = await post(c.admin, { name: 'Terceiro', number: n.slice(0, 4) + n.slice(5) });
    expect([ninth.status, ninth.body.error]).toEqual([409, 'ERR_DUPLICATED_CONTACT_NINTH']);
    // The inbound customer of the tenant wrote as 5511900001111: the same person without the 9.
    const customer = await post(c.admin, { name: 'Cliente', number: '551100001111' });
    expect(customer.body.error).toBe('ERR_DUPLICATED_CONTACT_NINTH');
  });

  it('makes one contact when the same number is created five times at once, and counts it once', async () => {
    const before = (await c.admin.call('GET', '/contacts?limit=1')).body.count;
    const n = phone();
    const all = await Promise.all(Array.from({ length: 5 }, (_, i) => post(c.admin, { name: `Corrida ${i}`, number: n })));
    expect(all.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const found = await c.admin.call('GET', `/contacts?searchParam=${n}`);
    expect(found.body.contacts).toHaveLength(1);
    expect(found.body.count).toBe(before + 1);
  });

  it('POST /contacts/by-number finds any spelling or creates the contact (201)', async () => {
    const n = phone();
    const made = await c.agent.call('POST', '/contacts/by-number', { body: { number: n, name: 'Pelo Link' } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Pelo Link', number: n });
    const again = await c.agent.call('POST', '/contacts/by-number', { body: { number: n.slice(0, 4) + n.slice(5) } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(made.body.id);
  });
});

describe('editing contacts', () => {
  it('moves the number: the old one is free, the new one taken, another contact\'s refused', async () => {
    const a = (await post(c.admin, { name: 'Troca Número', number: phone() })).body;
    const other = (await post(c.admin, { name: 'Outro', number: phone() })).body;
    const to = phone();
    const moved = await c.admin.call('PUT', `/contacts/${a.id}`, { body: { number: to, name: 'Trocado' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ number: to, name: 'Trocado', email: '' });
    expect((await post(c.admin, { name: 'Novo Dono', number: a.number })).status).toBe(201);
    expect((await post(c.admin, { name: 'Repetido', number: to })).body.error).toBe('ERR_DUPLICATED_CONTACT');
    const clash = await c.admin.call('PUT', `/contacts/${a.id}`, { body: { number: other.number } });
    expect([clash.status, clash.body.error]).toEqual([409, 'ERR_DUPLICATED_CONTACT']);
    expect((await c.admin.call('GET', `/contacts/${a.id}`)).body.number).toBe(to);
  });

  it('refuses number changes of a group contact', async () => {
    expect((await c.admin.call('PUT', `/whatsapp/${c.tenant.whatsappId}`, { body: { allowGroups: true } })).status).toBe(200);
    const group = '120363000000' + String(Date.now() % 1e6);
    await runInbound([text(c.tenant.companyId, c.tenant.whatsappId, group, 'oi grupo', { isGroup: true, participant: { id: '5511977776666', name: 'Membro' }, contactName: 'Grupo Teste' })]);
    const found = (await c.admin.call('GET', `/contacts?searchParam=${group}`)).body.contacts;
    expect(found).toHaveLength(1);
    const res = await c.admin.call('PUT', `/contacts/${found[0].id}`, { body: { number: '5511955554444' } });
    expect([res.status, res.body.error]).toEqual([400, 'ERR_CANNOT_EDIT_GROUPS']);
    expect((await c.admin.call('PUT', `/contacts/${found[0].id}`, { body: { name: 'Grupo Renomeado' } })).status).toBe(200);
  });

  it('toggles acceptAudioMessage', async () => {
    const a = (await post(c.admin, { name: 'Áudio', number: phone() })).body;
    expect((await c.agent.call('PUT', `/contacts/toggleAcceptAudio/${a.id}`)).body.acceptAudioMessage).toBe(false);
    expect((await c.agent.call('PUT', `/contacts/toggleAcceptAudio/${a.id}`)).body.acceptAudioMessage).toBe(true);
  });
});

describe('blocking', () => {
  it('a blocked contact\'s messages are ignored; unblocked they arrive again; agents cannot block', async () => {
    const { companyId, whatsappId, ticketId, contactId } = c.tenant;
    expect((await c.agent.call('PUT', `/contacts/block/${contactId}`, { body: { active: false } })).body.error).toBe('ERR_NO_PERMISSION');
    const blocked = await c.admin.call('PUT', `/contacts/block/${contactId}`, { body: { active: false } });
    expect(blocked.body.active).toBe(false);
    const before = await messagesOf(companyId, ticketId);
    const out = await runInbound([text(companyId, whatsappId, '5511900001111', 'ainda estou aqui')]);
    expect(out.batchItemFailures).toEqual([]);
    expect(await messagesOf(companyId, ticketId)).toBe(before);
    expect((await c.admin.call('PUT', `/contacts/block/${contactId}`, { body: { active: true } })).body.active).toBe(true);
    await runInbound([text(companyId, whatsappId, '5511900001111', 'voltei')]);
    expect(await messagesOf(companyId, ticketId)).toBe(before + 1);
  });
});

describe('listing', () => {
  const tag = `lst${Date.now().toString(36)}`;
  beforeAll(async () => {
    for (let i = 0; i < 25; i++) {
      const res = await post(c.admin, { name: `${i % 2 ? 'Álvaro' : 'Beatriz'} ${tag} ${String(i).padStart(2, '0')}`, number: phone(), email: `p${i}@${tag}.test` });
      expect(res.status).toBe(201);
    }
  });

  it('pages by cursor in name order (accents folded) with the company count', async () => {
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await c.admin.call('GET', `/contacts?searchParam=${tag}&limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      names.push(...res.body.contacts.map((x: { name: string }) => x.name));
      cursor = res.body.hasMore ? res.body.cursor : undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(names).toHaveLength(25);
    expect(new Set(names).size).toBe(25);
    expect(names.slice(0, 13).every((n) => n.startsWith('Álvaro'))).toBe(false); // 12 Álvaro, then Beatriz
    expect(names.slice(0, 12).every((n) => n.startsWith('Álvaro'))).toBe(true);
    expect(names).toEqual([...names].sort((x, y) => x.normalize('NFD').replace(/[\u0300-\u036f]/g, '').localeCompare(y.normalize('NFD').replace(/[\u0300-\u036f]/g, ''))));
    const all = await c.admin.call('GET', '/contacts?limit=100');
    expect(all.body.count).toBeGreaterThanOrEqual(26);
    expect(all.body.count).toBe((await c.admin.call('GET', '/contacts?searchParam=zzzz-none')).body.count);
  });

  it('searches name without accents, e-mail and number substrings', async () => {
    expect((await c.admin.call('GET', `/contacts?searchParam=ALVARO ${tag}`)).body.contacts).toHaveLength(12);
    const byMail = await c.admin.call('GET', `/contacts?searchParam=p7@${tag}`);
    expect(byMail.body.contacts.map((x: { email: string }) => x.email)).toEqual([`p7@${tag}.test`]);
    const one = byMail.body.contacts[0];
    const byNumber = await c.admin.call('GET', `/contacts?searchParam=${one.number.slice(-7)}`);
    expect(byNumber.body.contacts.map((x: { id: number }) => x.id)).toContain(one.id);
  });

  it('filters by creation date', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const inRange = await c.admin.call('GET', `/contacts?searchParam=${tag}&dateStart=${today}&limit=100`);
    expect(inRange.body.contacts).toHaveLength(25);
    expect((await c.admin.call('GET', `/contacts?searchParam=${tag}&dateEnd=${yesterday}`)).body.contacts).toHaveLength(0);
    expect((await c.admin.call('GET', `/contacts?searchParam=${tag}&date=${today}&limit=100`)).body.contacts).toHaveLength(25);
  });

  it('masks numbers for agents in lists; admins and the single read see them whole', async () => {
    const admin = (await c.admin.call('GET', `/contacts?searchParam=${tag}&limit=1`)).body.contacts[0];
    const agent = (await c.agent.call('GET', `/contacts?searchParam=${tag}&limit=1`)).body.contacts[0];
    expect(agent.id).toBe(admin.id);
    expect(admin.number).toMatch(/^\d{13}$/);
    expect(agent.number).toBe(`${admin.number.slice(0, 5)}****${admin.number.slice(-4)}`);
    const picker = (await c.agent.call('GET', `/contacts/list?searchParam=${tag}`)).body;
    expect(picker).toHaveLength(25);
    expect(Object.keys(picker[0]).sort()).toEqual(['id', 'name', 'number']);
    expect(picker.every((p: { number: string }) => p.number.includes('****'))).toBe(true);
    expect((await c.agent.call('GET', `/contacts/${admin.id}`)).body.number).toBe(admin.number);
  });

  it('refuses a cursor of another company', async () => {
    const other = await newCompany();
    const page = (await c.admin.call('GET', `/contacts?searchParam=${tag}&limit=5`)).body;
    const res = await other.admin.call('GET', `/contacts?cursor=${page.cursor}`);
    expect([res.status, res.body.error]).toEqual([400, 'ERR_VALIDATION']);
  });
});

describe('deleting', () => {
  it('refuses while the contact has a pending ticket; deletes others and frees their number', async () => {
    const busy = await c.admin.call('DELETE', `/contacts/${c.tenant.contactId}`);
    expect([busy.status, busy.body.error]).toEqual([409, 'ERR_CONTACT_HAS_OPEN_TICKETS']);
    const n = phone();
    const a = (await post(c.admin, { name: 'Apagar', number: n })).body;
    expect((await c.agent.call('DELETE', `/contacts/${a.id}`)).body.error).toBe('ERR_NO_PERMISSION');
    const count = (await c.admin.call('GET', '/contacts?limit=1')).body.count;
    expect((await c.admin.call('DELETE', `/contacts/${a.id}`)).status).toBe(204);
    expect((await c.admin.call('GET', `/contacts/${a.id}`)).body.error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await c.admin.call('GET', '/contacts?limit=1')).body.count).toBe(count - 1);
    expect((await post(c.admin, { name: 'De Novo', number: n })).status).toBe(201);
  });

  it('DELETE /contacts/all removes every contact without an open ticket and says how many', async () => {
    const t = await tenantWithAgent();
    for (let i = 0; i < 45; i++) expect((await post(t.admin, { name: `Massa ${i}`, number: phone() })).status).toBe(201);
    expect((await t.admin.call('GET', '/contacts?limit=1')).body.count).toBe(46);
    expect((await t.agent.call('DELETE', '/contacts/all')).status).toBe(403);
    const res = await t.admin.call('DELETE', '/contacts/all');
    expect(res.body).toEqual({ deleted: 45, kept: 1, hasMore: false });
    const left = await t.admin.call('GET', '/contacts?limit=100');
    expect(left.body.contacts.map((x: { id: number }) => x.id)).toEqual([t.tenant.contactId]);
    expect(left.body.count).toBe(1);
  });
});

describe('export and chats import', () => {
  it('exports contacts.csv: BOM, ; separated, company;name;whatsapp;email; admins only', async () => {
    const t = await tenantWithAgent();
    await post(t.admin, { name: 'Zélia; Prado', number: '5531988887777', email: 'zelia@example.test', empresa: 'Prado & Filhos' });
    // The raw bytes: a text decoder would drop the BOM.
    const out = await fetch(`${baseUrl()}/api/contacts/export`, { headers: { authorization: `Bearer ${t.admin.token}` } });
    expect(out.status).toBe(200);
    expect(out.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(out.headers.get('content-disposition')).toBe('attachment; filename="contacts.csv"');
    const bytes = Buffer.from(await out.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('company;name;whatsapp;email');
    expect(lines).toContain('Prado & Filhos;"Zélia; Prado";5531988887777;zelia@example.test');
    expect(lines).toContain(';Cliente 1111;5511900001111;');
    expect(lines).toHaveLength(3);
    expect((await t.agent.call('GET', '/contacts/export')).body.error).toBe('ERR_NO_PERMISSION');
  });

  it('importing the chats of a connection that does not exist is refused with a clear code (the import itself: groups-and-import.test.ts)', async () => {
    const res = await c.admin.call('POST', '/contacts/import/chats', { body: { whatsappId: 987654 } });
    expect([res.status, res.body.error]).toEqual([404, 'ERR_NO_WAPP_FOUND']);
  });
});

describe('live contact events', () => {
  it('admins get the whole number, agents the masked one; deletes carry the id', async () => {
    const adminWs = await openSocket(c.admin.token!);
    const agentWs = await openSocket(c.agent.token!);
    try {
      const n = phone();
      const made = (await post(c.admin, { name: 'Ao Vivo', number: n })).body;
      const ch = `company-${c.tenant.companyId}-contact`;
      const forAdmin = await adminWs.waitFor((e) => e.channel === ch && (e.data.contact as { id?: number })?.id === made.id);
      const forAgent = await agentWs.waitFor((e) => e.channel === ch && (e.data.contact as { id?: number })?.id === made.id);
      expect(forAdmin.data).toMatchObject({ action: 'create', contact: { number: n, name: 'Ao Vivo' } });
      expect(forAgent.data).toMatchObject({ action: 'create', contact: { number: `${n.slice(0, 5)}****${n.slice(-4)}` } });
      await c.admin.call('PUT', `/contacts/${made.id}`, { body: { name: 'Ao Vivo 2' } });
      const renamed = await agentWs.waitFor((e) => e.channel === ch && (e.data.contact as { name?: string })?.name === 'Ao Vivo 2');
      expect(renamed.data.action).toBe('update');
      await c.admin.call('DELETE', `/contacts/${made.id}`);
      await agentWs.waitFor((e) => e.channel === ch && e.data.action === 'delete' && e.data.contactId === made.id);
    } finally {
      adminWs.close();
      agentWs.close();
    }
  });
});
