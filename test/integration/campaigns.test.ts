/**
 * Campaigns through the API (issue 22, spec 3 "Campaigns page", §3, §4 "Campaign status", §5, §7
 * "Campaigns"): CRUD, the validation messages and rules (the company's connection and list,
 * something to send, confirmation variants, a time needs a target, the Cloud API's template),
 * the time zone of `scheduledAt`, editability by status, the settings' defaults and merge, the
 * attachment checked by content, the clone, permission and plan, live events and the audit log;
 * then a small campaign started on the sandbox: its recipients paged and filtered, the CSV, cancel
 * (messages still editable, the rest not) and restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PLANS } from '../../shared/src/plans';
import { putPlan } from '../../functions/src/adapters/db/plans';
import { createCampaign, updateCampaign } from '../../functions/src/domain/campaigns/manage-campaigns';
import { campaignReport } from '../../functions/src/domain/campaigns/report';
import type { AuthContext } from '../../functions/src/domain/auth/authenticate';
import { startFakeGraph, type FakeGraph } from '../support/fake-graph';
import { MP4_HEAD, TINY_PDF } from '../support/files';
import { newCompany, signedIn, unique, PASSWORD, type Client } from '../support/api';
import { openSocket } from '../support/socket';
import { pairSandbox, until } from '../support/sandbox';
import { TINY_PNG, uploadFile } from '../support/tenants';

const issues = (res: { body: { issues?: { path: string; message: string }[] } }) => res.body.issues?.map((i) => `${i.path}: ${i.message}`) ?? [];

let admin: Client;
let agent: Client;
let companyId: number;
let adminId: number;
let socket: Awaited<ReturnType<typeof openSocket>>;
let sandboxId: number;
let listId: number;

beforeAll(async () => {
  ({ admin, companyId } = await newCompany());
  adminId = (await admin.call('GET', '/auth/me')).body.id;
  const email = `${unique('agente')}@example.test`;
  expect((await admin.call('POST', '/users', { body: { name: 'Agente Campanhas', email, password: PASSWORD } })).status).toBe(201);
  agent = await signedIn(email);
  socket = await openSocket(admin.token!);
  sandboxId = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox Campanhas', channel: 'sandbox' } })).body.id;
  listId = (await admin.call('POST', '/contact-lists', { body: { name: 'Clientes' } })).body.id;
}, 60_000);

afterAll(() => socket?.close());

const base = () => ({ name: 'Promoção de verão', message1: 'Olá {nome}!', contactListId: listId, whatsappId: sandboxId });
const create = (body: Record<string, unknown>) => admin.call('POST', '/campaigns', { body });
/** `YYYY-MM-DD HH:mm:ss` in São Paulo (UTC−3), `minutes` from now. */
const localIn = (minutes: number) => new Date(Date.now() + minutes * 60_000 - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

describe('campaigns', () => {
  it('validates: name, the company\'s connection and list, something to send, confirmation variants, a time needs a target', async () => {
    expect(issues(await create({}))).toContain('body.name: Obrigatório');
    expect(issues(await create({ ...base(), name: 'A' }))).toContain('body.name: Muito curto!');
    expect(issues(await create({ ...base(), name: 'x'.repeat(51) }))).toContain('body.name: Muito longo!');
    expect(issues(await create({ ...base(), scheduledAt: '10/01/2099 09:30' }))).toContain('body.scheduledAt: Data inválida');
    expect((await create({ ...base(), scheduledAt: '2099-02-30 09:30:00' })).body.error).toBe('ERR_VALIDATION');
    expect((await create({ ...base(), whatsappId: 999_999 })).body.error).toBe('ERR_NO_WAPP_FOUND');
    expect((await create({ ...base(), contactListId: 999_999 })).body.error).toBe('ERR_NO_CONTACT_LIST_FOUND');
    expect((await create({ ...base(), message1: '   ' })).body.error).toBe('ERR_CAMPAIGN_NO_MESSAGE');
    expect((await create({ ...base(), confirmation: true })).body.error).toBe('ERR_CAMPAIGN_NO_CONFIRMATION');
    expect((await create({ name: 'Sem alvo', message1: 'Oi', scheduledAt: localIn(24 * 60) })).body.error).toBe('ERR_CAMPAIGN_NEEDS_TARGET');
    // Ids are per company: another company's records are not even addressable (the tenant harness calls every route across companies).
  });

  it('creates, finds, searches and pages; the time read in São Paulo makes it PROGRAMADA; live create events', async () => {
    const made = await create({ ...base(), message2: 'Oi {nome}, tudo bem?', confirmation: true, confirmationMessage1: 'Quer receber nossa oferta?' });
    expect(made).toMatchObject({ status: 201, body: { name: 'Promoção de verão', status: 'INATIVA', scheduledAt: null, contactList: { id: listId, name: 'Clientes' }, whatsapp: { id: sandboxId, name: 'Sandbox Campanhas', channel: 'sandbox' } } });
    expect(made.body.counts).toMatchObject({ total: 0, sent: 0 });
    const ev = await socket.waitFor((e) => e.channel === `company-${companyId}-campaign` && e.data.action === 'create' && (e.data.record as { id: number }).id === made.body.id);
    expect(ev.data.record).toMatchObject({ name: 'Promoção de verão', status: 'INATIVA' });
    const programmed = await create({ ...base(), name: 'Natal', scheduledAt: '2099-12-24 09:30:00' });
    expect(programmed.body).toMatchObject({ status: 'PROGRAMADA', scheduledAt: '2099-12-24T12:30:00.000Z' });
    expect((await admin.call('GET', `/campaigns/${made.body.id}`)).body).toMatchObject({ id: made.body.id, message2: 'Oi {nome}, tudo bem?', confirmation: true });
    const first = await admin.call('GET', '/campaigns?limit=1');
    expect(first.body).toMatchObject({ hasMore: true, records: [{ id: programmed.body.id }] });
    const second = await admin.call('GET', `/campaigns?limit=1&cursor=${first.body.cursor}`);
    expect(second.body.records.map((r: { id: number }) => r.id)).toEqual([made.body.id]);
    expect((await admin.call('GET', '/campaigns?pageNumber=2&limit=1')).body.records[0].id).toBe(made.body.id);
    expect((await admin.call('GET', '/campaigns?searchParam=PROMOCAO')).body.records.map((r: { id: number }) => r.id)).toEqual([made.body.id]);
    expect((await admin.call('GET', '/campaigns/999999')).body.error).toBe('ERR_NO_CAMPAIGN_FOUND');
  });

  it('edits: only what is sent; PROGRAMADA more than an hour ahead freely, within the hour nothing; the audit log keeps it', async () => {
    const c = (await create({ ...base(), name: 'Editável', message2: 'Segunda' })).body;
    const edited = await admin.call('PUT', `/campaigns/${c.id}`, { body: { message1: 'Novo texto' } });
    expect(edited.body).toMatchObject({ message1: 'Novo texto', message2: 'Segunda', name: 'Editável', whatsappId: sandboxId, contactListId: listId, status: 'INATIVA' });
    const later = await admin.call('PUT', `/campaigns/${c.id}`, { body: { scheduledAt: localIn(3 * 60) } });
    expect(later.body.status).toBe('PROGRAMADA');
    expect((await admin.call('PUT', `/campaigns/${c.id}`, { body: { scheduledAt: '' } })).body).toMatchObject({ status: 'INATIVA', scheduledAt: null });
    const soon = (await admin.call('PUT', `/campaigns/${c.id}`, { body: { scheduledAt: localIn(30) } })).body;
    expect(soon.status).toBe('PROGRAMADA');
    expect((await admin.call('PUT', `/campaigns/${c.id}`, { body: { message1: 'Tarde demais' } })).body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    // The dialog sends every field back: the same values are no change.
    const { id: _id, status: _s, scheduledAt: _at, counts: _c, contactList: _l, whatsapp: _w, mediaPath: _p, mediaName: _n, pausedReason: _r, completedAt: _d, createdAt: _ca, updatedAt: _u, companyId: _co, ...same } = soon;
    expect((await admin.call('PUT', `/campaigns/${c.id}`, { body: same })).status).toBe(200);
    const audit = await admin.call('GET', '/audit?resource=campaign');
    expect(audit.body.items.some((e: { action: string; targetId: string; after?: Record<string, unknown> }) => e.action === 'campaign.update' && e.targetId === String(c.id) && e.after?.message1 === 'Novo texto')).toBe(true);
  });

  it('a Cloud API connection needs an approved template, checked against the Graph API', async () => {
    const cloud = await admin.call('POST', '/whatsapp', { body: { name: 'Oficial', channel: 'wppoficial', provider: { phoneNumberId: String(20_000_000 + companyId), wabaId: String(30_000_000 + companyId), accessToken: 'EAAG-campaign-token' } } });
    expect(cloud.status, JSON.stringify(cloud.body)).toBe(201);
    expect((await create({ ...base(), whatsappId: cloud.body.id })).body.error).toBe('ERR_CAMPAIGN_TEMPLATE_REQUIRED');
    // A template on another channel is not kept.
    expect((await create({ ...base(), template: { name: 'aviso_simples', language: 'pt_BR', params: [] } })).body.template).toBeNull();
    expect((await admin.call('GET', `/campaigns/templates?whatsappId=${sandboxId}`)).body).toEqual([]);
    // The Graph API is asked from this process (the stack's own Graph client points at Meta).
    const graph: FakeGraph = await startFakeGraph();
    process.env.GRAPH_BASE_URL = graph.url;
    try {
      const auth = { companyId, userId: adminId, user: { name: 'Admin' } } as AuthContext;
      const body = { ...base(), whatsappId: cloud.body.id, message1: '', message2: '', message3: '', message4: '', message5: '', confirmationMessage1: '', confirmationMessage2: '', confirmationMessage3: '', confirmationMessage4: '', confirmationMessage5: '', confirmation: false, scheduledAt: null };
      await expect(createCampaign(auth, { ...body, template: { name: 'promo_pendente', language: 'pt_BR', params: [{ variable: 'nome' }] } })).rejects.toMatchObject({ code: 'ERR_CAMPAIGN_TEMPLATE_UNKNOWN' });
      const ok = await createCampaign(auth, { ...body, template: { name: 'promo_boas_vindas', language: 'pt_BR', params: [{ variable: 'nome' }, { text: 'VERAO10' }] } });
      expect(ok).toMatchObject({ status: 'INATIVA', template: { name: 'promo_boas_vindas' }, whatsapp: { channel: 'wppoficial' } });
      await expect(updateCampaign(auth, ok.id, { template: null })).rejects.toMatchObject({ code: 'ERR_CAMPAIGN_TEMPLATE_REQUIRED' });
    } finally {
      delete process.env.GRAPH_BASE_URL;
      await graph.stop();
    }
  });

  it('settings: defaults 20 s / 20 / 60 s and 1,000 a day; a save merges; a variable key once', async () => {
    const other = await newCompany();
    expect((await other.admin.call('GET', '/campaign-settings')).body).toEqual({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [], dailyCap: 1000 });
    const saved = await other.admin.call('POST', '/campaign-settings', { body: { settings: { messageInterval: 30, variables: [{ key: 'loja', value: 'Centro' }, { key: 'loja', value: 'Outra' }, { key: 'cupom', value: 'X10' }] } } });
    expect(saved.body).toEqual({ messageInterval: 30, longerIntervalAfter: 20, greaterInterval: 60, variables: [{ key: 'loja', value: 'Centro' }, { key: 'cupom', value: 'X10' }], dailyCap: 1000 });
    expect((await other.admin.call('POST', '/campaign-settings', { body: { settings: { dailyCap: 250 } } })).body).toMatchObject({ messageInterval: 30, dailyCap: 250, variables: [{ key: 'loja' }, { key: 'cupom' }] });
    expect((await other.admin.call('POST', '/campaign-settings', { body: { settings: { messageInterval: 7 } } })).body.error).toBe('ERR_VALIDATION');
    expect((await other.admin.call('GET', '/campaign-settings')).body).toMatchObject({ messageInterval: 30, dailyCap: 250 });
  });

  it('the attachment: png, mp4 checked by content; another type or a disguised file refused; removed; a clone shares it', async () => {
    const c = (await create({ ...base(), name: 'Com foto de verão para todos os clientes da loja' })).body;
    const png = await uploadFile(admin, 'foto.png', 'image/png', TINY_PNG);
    const attached = await admin.call('POST', `/campaigns/${c.id}/media-upload`, { body: { key: png, filename: 'foto.png', mimetype: 'image/png' } });
    expect(attached.body).toMatchObject({ mediaName: 'foto.png' });
    const mp4 = await uploadFile(admin, 'video.mp4', 'video/mp4', MP4_HEAD);
    expect((await admin.call('POST', `/campaigns/${c.id}/media-upload`, { body: { key: mp4, filename: 'video.mp4', mimetype: 'video/mp4' } })).body.mediaName).toBe('video.mp4');
    const pdf = await uploadFile(admin, 'termos.pdf', 'application/pdf', TINY_PDF);
    expect((await admin.call('POST', `/campaigns/${c.id}/media-upload`, { body: { key: pdf, filename: 'termos.pdf', mimetype: 'application/pdf' } })).body.error).toBe('ERR_UPLOAD_TYPE_NOT_ALLOWED');
    const fake = await uploadFile(admin, 'falsa.png', 'image/png', Buffer.from('isto não é uma imagem, é texto puro'.repeat(4)));
    expect((await admin.call('POST', `/campaigns/${c.id}/media-upload`, { body: { key: fake, filename: 'falsa.png', mimetype: 'image/png' } })).body.error).toBe('ERR_UPLOAD_TYPE_MISMATCH');
    const clone = await admin.call('POST', `/campaigns/${c.id}/clone`);
    expect(clone).toMatchObject({ status: 201, body: { name: 'Cópia de Com foto de verão para todos os clientes', status: 'INATIVA', scheduledAt: null, mediaName: 'video.mp4', message1: 'Olá {nome}!', contactListId: listId } });
    expect(clone.body.id).not.toBe(c.id);
    expect((await admin.call('DELETE', `/campaigns/${c.id}/media-upload`)).body).toMatchObject({ mediaName: null });
    expect((await admin.call('GET', `/campaigns/${clone.body.id}`)).body.mediaName).toBe('video.mp4');
    expect((await admin.call('DELETE', `/campaigns/${c.id}`)).status).toBe(204);
    await socket.waitFor((e) => e.channel === `company-${companyId}-campaign` && e.data.action === 'delete' && e.data.id === c.id);
    expect((await admin.call('GET', `/campaigns/${c.id}`)).body.error).toBe('ERR_NO_CAMPAIGN_FOUND');
  });

  it('admins only; a plan without useCampaigns cannot reach the routes', async () => {
    expect((await agent.call('GET', '/campaigns')).body.error).toBe('ERR_NO_PERMISSION');
    expect((await agent.call('GET', '/campaign-settings')).body.error).toBe('ERR_NO_PERMISSION');
    const name = unique('semcampanha');
    await putPlan({ ...SEED_PLANS[1]!, id: 100 + Math.floor(Math.random() * 1_000_000), name, useCampaigns: false });
    const other = await newCompany(name);
    expect(await other.admin.call('GET', '/campaigns')).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
  });
});

describe('a campaign that runs', () => {
  let run: { id: number };

  beforeAll(async () => {
    const list = (await admin.call('POST', '/contact-lists', { body: { name: 'Três contatos' } })).body.id;
    for (const [name, number] of [['Ana', '5511955550001'], ['Bruno', '5511955550002'], ['Sem Conta', '5511955550000']]) {
      expect((await admin.call('POST', '/contact-list-items', { body: { contactListId: list, name, number } })).status).toBe(201);
    }
    // The numbers are checked on the company's session (the sandbox's rule: ending in 000 has no account).
    await pairSandbox(admin, sandboxId);
    await until('the numbers checked', async () => {
      const items = (await admin.call('GET', `/contact-list-items?contactListId=${list}`)).body.contacts as { isWhatsappValid: boolean | null }[];
      return items.length === 3 && items.every((i) => i.isWhatsappValid !== null);
    });
    // Slow pace: the run stays in progress while the test looks at it.
    await admin.call('POST', '/campaign-settings', { body: { settings: { messageInterval: 300, longerIntervalAfter: 0 } } });
    run = (await create({ ...base(), name: 'Em andamento', contactListId: list, scheduledAt: localIn(0) })).body;
  }, 60_000);

  it('starts at once when its time is within a minute; its recipients are staged, paged, filtered and exported', async () => {
    expect((await admin.call('GET', `/campaigns/${run.id}`)).body.status).toBe('EM_ANDAMENTO');
    const all = await until('the recipients staged', async () => {
      const page = await admin.call('GET', `/campaigns/${run.id}/recipients?limit=50`);
      return page.body.recipients?.length === 3 ? page.body.recipients : undefined;
    });
    expect(all.map((r: { name: string }) => r.name)).toEqual(['Ana', 'Bruno', 'Sem Conta']);
    const first = await admin.call('GET', `/campaigns/${run.id}/recipients?limit=2`);
    expect(first.body).toMatchObject({ hasMore: true });
    const rest = await admin.call('GET', `/campaigns/${run.id}/recipients?limit=2&cursor=${first.body.cursor}`);
    expect([...first.body.recipients, ...rest.body.recipients].map((r: { itemId: number }) => r.itemId)).toEqual(all.map((r: { itemId: number }) => r.itemId));
    const invalid = await admin.call('GET', `/campaigns/${run.id}/recipients?status=invalid`);
    expect(invalid.body.recipients.map((r: { name: string }) => r.name)).toEqual(['Sem Conta']);
    expect((await admin.call('GET', `/campaigns/${run.id}/recipients?status=nope`)).body.error).toBe('ERR_VALIDATION');
    const csv = await admin.call('GET', `/campaigns/${run.id}/report.csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('name;number;status;reason;variant;plannedAt;sentAt;deliveredAt;readAt;confirmationRequestedAt;confirmedAt');
    // (Ana's status moves on while the test reads: the paired sandbox sends her message at once.)
    const rows = lines.slice(1).map((l) => l.split(';'));
    expect(rows.map((r) => r.slice(0, 2).join(';'))).toEqual(['Ana;5511955550001', 'Bruno;5511955550002', 'Sem Conta;5511955550000']);
    expect(rows[2]![2]).toBe('invalid');
    expect(lines).toHaveLength(4);
    // Too big for one answer (5 MB; here 100 bytes): written to storage, answered as a link to the same CSV.
    const big = await campaignReport({ companyId }, run.id, 100);
    expect(big).toMatchObject({ filename: expect.stringMatching(/^campanha-\d+-\d{4}-\d{2}-\d{2}\.csv$/) });
    const file = await fetch((big as { url: string }).url);
    expect(file.status).toBe(200);
    expect((await file.text()).replace(/^\uFEFF/, '').trim().split('\r\n')).toEqual(lines);
  });

  it('running: nothing editable; cancel; then only the messages; restart; delete cancels first', async () => {
    expect((await admin.call('PUT', `/campaigns/${run.id}`, { body: { message1: 'Agora não' } })).body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    expect((await admin.call('POST', `/campaigns/${run.id}/restart`)).body.error).toBe('ERR_CAMPAIGN_STATUS');
    expect((await admin.call('POST', `/campaigns/${run.id}/cancel`)).body.status).toBe('CANCELADA');
    expect((await admin.call('POST', `/campaigns/${run.id}/cancel`)).body.error).toBe('ERR_CAMPAIGN_STATUS');
    expect((await admin.call('PUT', `/campaigns/${run.id}`, { body: { message1: 'Texto corrigido' } })).body).toMatchObject({ status: 'CANCELADA', message1: 'Texto corrigido' });
    expect((await admin.call('PUT', `/campaigns/${run.id}`, { body: { name: 'Outro nome' } })).body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    expect((await admin.call('POST', `/campaigns/${run.id}/restart`)).body.status).toBe('EM_ANDAMENTO');
    expect((await admin.call('DELETE', `/campaigns/${run.id}`)).status).toBe(204);
    expect((await admin.call('GET', `/campaigns/${run.id}`)).body.error).toBe('ERR_NO_CAMPAIGN_FOUND');
    expect((await admin.call('GET', `/campaigns/${run.id}/recipients`)).body.error).toBe('ERR_NO_CAMPAIGN_FOUND');
  });
});
