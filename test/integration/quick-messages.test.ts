/**
 * Quick replies (spec 3 §6): CRUD, a shortcut unique per company (also under two creates at
 * once), company-wide versus own replies, who may change which, media from /messages/upload.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signedIn, unique, newCompany, type Client } from '../support/api';
import { tenantWithAgent } from '../support/tenants';
import { queryPartition } from '../support/db';
import { openSocket } from '../support/socket';

let co: Awaited<ReturnType<typeof tenantWithAgent>>;

async function agentWith(admin: Client, profile: 'user' | 'supervisor' = 'user'): Promise<Client> {
  const email = `${unique('q')}@example.test`;
  const made = await admin.call('POST', '/users', { body: { name: 'Agente Q', email, password: PASSWORD, profile } });
  if (made.status !== 201) throw new Error(JSON.stringify(made.body));
  return signedIn(email);
}

async function uploaded(client: Client, bytes: Buffer, mimetype: string, filename: string): Promise<string> {
  const ticket = await client.call('POST', '/messages/upload', { body: { filename, mimetype, size: bytes.length } });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  const put = await fetch(ticket.body.url, { method: 'PUT', headers: ticket.body.headers, body: bytes });
  expect(put.status).toBe(200);
  return ticket.body.key;
}

beforeAll(async () => {
  co = await tenantWithAgent();
});

describe('quick replies', () => {
  it('creates, reads, edits and deletes; the shortcut is unique per company, case-insensitively', async () => {
    const { admin } = co;
    const made = await admin.call('POST', '/quick-messages', { body: { shortcode: 'preco', message: 'Nossos preços: {{firstName}}...' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ shortcode: 'preco', geral: false, mediaKey: null });
    expect((await admin.call('GET', `/quick-messages/${made.body.id}`)).body.message).toBe('Nossos preços: {{firstName}}...');

    const dup = await admin.call('POST', '/quick-messages', { body: { shortcode: 'PRECO', message: 'outro' } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('ERR_FASTRESP_SHORTCUT_ALREADY_EXISTS');

    const other = await admin.call('POST', '/quick-messages', { body: { shortcode: 'horario', message: 'Das 8h às 18h' } });
    // Renaming onto a taken shortcut fails and changes nothing; renaming to a free one frees the old one.
    const clash = await admin.call('PUT', `/quick-messages/${other.body.id}`, { body: { shortcode: 'Preco' } });
    expect(clash.body.error).toBe('ERR_FASTRESP_SHORTCUT_ALREADY_EXISTS');
    expect((await admin.call('GET', `/quick-messages/${other.body.id}`)).body.shortcode).toBe('horario');
    const renamed = await admin.call('PUT', `/quick-messages/${other.body.id}`, { body: { shortcode: 'expediente', message: 'Das 9h às 18h' } });
    expect(renamed.body).toMatchObject({ shortcode: 'expediente', message: 'Das 9h às 18h' });
    expect((await admin.call('POST', '/quick-messages', { body: { shortcode: 'horario', message: 'livre de novo' } })).status).toBe(201);

    expect((await admin.call('DELETE', `/quick-messages/${made.body.id}`)).status).toBe(204);
    expect((await admin.call('GET', `/quick-messages/${made.body.id}`)).body.error).toBe('ERR_NO_QUICK_MESSAGE_FOUND');
    expect((await admin.call('POST', '/quick-messages', { body: { shortcode: 'preco', message: 'de volta' } })).status).toBe(201);

    // Another company may use the same shortcut.
    const b = await newCompany();
    expect((await b.admin.call('POST', '/quick-messages', { body: { shortcode: 'preco', message: 'da empresa B' } })).status).toBe(201);
  });

  it('two creates of one shortcut at once: exactly one wins', async () => {
    const { admin, tenant } = co;
    const agent = await agentWith(admin);
    const code = `corrida-${Date.now()}`;
    const results = await Promise.all([
      admin.call('POST', '/quick-messages', { body: { shortcode: code, message: 'do admin' } }),
      agent.call('POST', '/quick-messages', { body: { shortcode: code.toUpperCase(), message: 'do agente' } }),
      admin.call('POST', '/quick-messages', { body: { shortcode: code, message: 'de novo' } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const items = await queryPartition(`C#${tenant.companyId}#QUICKMSGS`);
    expect(items.filter((i) => String(i.shortcode).toLowerCase() === code)).toHaveLength(1);
  });

  it('own replies are seen only by their author; company-wide ones by everyone; users change only their own', async () => {
    const { admin } = co;
    const ana = await agentWith(admin);
    const bia = await agentWith(admin);
    const sup = await agentWith(admin, 'supervisor');
    const mine = (await ana.call('POST', '/quick-messages', { body: { shortcode: `ana-${Date.now()}`, message: 'só da Ana' } })).body;
    const geral = (await admin.call('POST', '/quick-messages', { body: { shortcode: `geral-${Date.now()}`, message: 'para todos', geral: true } })).body;

    const anaList = (await ana.call('GET', '/quick-messages/list')).body.map((q: { id: number }) => q.id);
    const biaList = (await bia.call('GET', '/quick-messages/list')).body.map((q: { id: number }) => q.id);
    expect(anaList).toEqual(expect.arrayContaining([mine.id, geral.id]));
    expect(biaList).toContain(geral.id);
    expect(biaList).not.toContain(mine.id);
    expect((await bia.call('GET', `/quick-messages/${mine.id}`)).status).toBe(404);
    expect((await bia.call('PUT', `/quick-messages/${mine.id}`, { body: { message: 'invadido' } })).status).toBe(404);

    // A user may not create, change or delete company-wide replies; the author may change their own.
    expect((await ana.call('POST', '/quick-messages', { body: { shortcode: `x-${Date.now()}`, message: 'x', geral: true } })).body.error).toBe('ERR_NO_PERMISSION');
    expect((await ana.call('PUT', `/quick-messages/${geral.id}`, { body: { message: 'mudado' } })).body.error).toBe('ERR_NO_PERMISSION');
    expect((await ana.call('DELETE', `/quick-messages/${geral.id}`)).body.error).toBe('ERR_NO_PERMISSION');
    expect((await ana.call('PUT', `/quick-messages/${mine.id}`, { body: { geral: true } })).body.error).toBe('ERR_NO_PERMISSION');
    expect((await ana.call('PUT', `/quick-messages/${mine.id}`, { body: { message: 'da Ana, editado' } })).body.message).toBe('da Ana, editado');
    // Supervisors and admins change any reply they see.
    expect((await sup.call('PUT', `/quick-messages/${geral.id}`, { body: { message: 'revisado' } })).body.message).toBe('revisado');
    expect((await admin.call('GET', `/quick-messages/${geral.id}`)).body.message).toBe('revisado');
    expect((await ana.call('DELETE', `/quick-messages/${mine.id}`)).status).toBe(204);
  });

  it('searches and pages the replies page', async () => {
    const c = await tenantWithAgent();
    for (let i = 0; i < 7; i++) await c.admin.call('POST', '/quick-messages', { body: { shortcode: `promo${i}`, message: `Promoção número ${i}` } });
    await c.admin.call('POST', '/quick-messages', { body: { shortcode: 'endereco', message: 'Rua das Flores, 10' } });
    const p1 = await c.admin.call('GET', '/quick-messages?searchParam=PROMOCAO&limit=5');
    expect(p1.body.items).toHaveLength(5);
    expect(p1.body.hasMore).toBe(true);
    const p2 = await c.admin.call('GET', `/quick-messages?searchParam=PROMOCAO&limit=5&cursor=${p1.body.cursor}`);
    expect(p2.body.items).toHaveLength(2);
    expect(p2.body.hasMore).toBe(false);
    expect([...p1.body.items, ...p2.body.items].map((q: { shortcode: string }) => q.shortcode).sort()).toEqual(['promo0', 'promo1', 'promo2', 'promo3', 'promo4', 'promo5', 'promo6']);
    expect((await c.admin.call('GET', '/quick-messages?searchParam=flores')).body.items.map((q: { shortcode: string }) => q.shortcode)).toEqual(['endereco']);
    expect((await c.admin.call('GET', '/quick-messages?pageNumber=2&limit=5')).body.items).toHaveLength(4); // 7 + endereco + the tenant's boasvindas = 9
  });

  it('takes an uploaded file of the company, refuses a key of another company or a missing file, and can drop the file', async () => {
    const { admin, tenant } = co;
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const key = await uploaded(admin, png, 'image/png', 'cardápio.png');
    const made = await admin.call('POST', '/quick-messages', { body: { shortcode: `cardapio-${Date.now()}`, message: '', mediaKey: key, mediaName: 'cardápio.png' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ mediaKey: key, mediaName: 'cardápio.png', mediaType: 'image', mimetype: 'image/png' });
    expect(key.startsWith(`companies/${tenant.companyId}/uploads/`)).toBe(true);

    const b = await newCompany();
    const foreign = await b.admin.call('POST', '/quick-messages', { body: { shortcode: 'roubo', message: 'x', mediaKey: key } });
    expect(foreign.body.error).toBe('ERR_NO_PERMISSION');
    const missing = await admin.call('POST', '/quick-messages', { body: { shortcode: `sem-${Date.now()}`, message: 'x', mediaKey: `companies/${tenant.companyId}/uploads/00000000-0000-0000-0000-000000000000/nada.png` } });
    expect(missing.body.error).toBe('ERR_NO_MEDIA_FOUND');
    // Without a file the text is required.
    expect((await admin.call('PUT', `/quick-messages/${made.body.id}`, { body: { mediaKey: null } })).body.error).toBe('ERR_VALIDATION');
    const dropped = await admin.call('PUT', `/quick-messages/${made.body.id}`, { body: { mediaKey: null, message: 'Veja o cardápio no site' } });
    expect(dropped.body).toMatchObject({ mediaKey: null, mediaName: null, mediaType: null, message: 'Veja o cardápio no site' });
  });

  it('tells whoever sees a reply when it changes (company-{id}-quickemessage): everyone for a company-wide one, the author for an own one', async () => {
    const { admin, tenant } = co;
    const agent = await agentWith(admin);
    const [a, b] = await Promise.all([openSocket(admin.token!), openSocket(agent.token!)]);
    try {
      const ch = `company-${tenant.companyId}-quickemessage`;
      const geral = await admin.call('POST', '/quick-messages', { body: { shortcode: unique('todos'), message: 'Para todos', geral: true } });
      expect(geral.status).toBe(201);
      for (const s of [a, b]) await s.waitFor((e) => e.channel === ch && e.data.action === 'create' && (e.data.record as { id: number }).id === geral.body.id);
      const own = await agent.call('POST', '/quick-messages', { body: { shortcode: unique('meu'), message: 'Só meu' } });
      expect(own.status).toBe(201);
      await b.waitFor((e) => e.channel === ch && e.data.action === 'create' && (e.data.record as { id: number }).id === own.body.id);
      // Made own by the admin: the others drop it.
      expect((await admin.call('PUT', `/quick-messages/${geral.body.id}`, { body: { geral: false } })).status).toBe(200);
      await b.waitFor((e) => e.channel === ch && e.data.action === 'delete' && e.data.id === geral.body.id);
      expect((await admin.call('DELETE', `/quick-messages/${geral.body.id}`)).status).toBe(204);
      await a.waitFor((e) => e.channel === ch && e.data.action === 'delete' && e.data.id === geral.body.id);
      expect(a.events.some((e) => e.channel === ch && (e.data.record as { id?: number } | undefined)?.id === own.body.id)).toBe(false);
    } finally {
      a.close();
      b.close();
    }
  });
});
