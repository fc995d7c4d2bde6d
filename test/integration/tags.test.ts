/**
 * Tags and lanes through the API (spec 3 "Tags list", "Lanes screen", §5, §7 "Queues and tags";
 * issue 21): create, read, list (search, pages, kind), change, delete; the validation codes; names
 * unique in the company; a tag on tickets keeps its kind; lanes only on the paid plans; the count
 * of tickets follows every way a ticket takes or leaves a tag; a deleted lane's tickets go back to
 * 'Em aberto'; the lane campaign's file is an upload of the caller's company; live on the tag channel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCompany, unique, type Client } from '../support/api';
import { runInbound, text } from '../support/inbound';
import { openSocket } from '../support/socket';
import { TINY_PNG, uploadFile } from '../support/tenants';
import { TINY_PDF } from '../support/files';

let admin: Client;
let companyId: number;
let adminId: number;
let wid: number;
let socket: Awaited<ReturnType<typeof openSocket>>;
let n = 0;

/** A customer writes in: a new pending ticket of the company. */
async function newTicket(c = { admin, companyId, wid }): Promise<{ id: number; contactId: number }> {
  const from = `55119${String(Date.now() % 100000).padStart(5, '0')}${String(++n).padStart(3, '0')}`;
  await runInbound([text(c.companyId, c.wid, from, 'Olá, quero saber dos preços', { contactName: `Cliente ${n}` })]);
  const list = await c.admin.call('GET', '/tickets?status=pending&showAll=true&limit=100');
  const t = list.body.tickets.find((x: { contact: { number: string } }) => x.contact.number === from);
  if (!t) throw new Error(`ticket of ${from} not listed`);
  return t;
}

const create = (body: Record<string, unknown>, client = admin) => client.call('POST', '/tags', { body: { color: '#0B7A75', ...body } });
const count = async (id: number) => (await admin.call('GET', `/tags/${id}`)).body.ticketsCount as number;
const issues = (res: { body: { issues?: { path: string; message: string }[] } }) => res.body.issues?.map((i) => `${i.path}: ${i.message}`) ?? [];

beforeAll(async () => {
  ({ admin, companyId } = await newCompany());
  adminId = (await admin.call('GET', '/auth/me')).body.id;
  wid = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox', channel: 'sandbox' } })).body.id;
  socket = await openSocket(admin.token!);
}, 60_000);
afterAll(() => socket?.close());

describe('tags: create, read, list, change, delete', () => {
  it('a tag is saved with the caller as its user, its colour lower-cased, and announced on the tag channel', async () => {
    const res = await create({ name: 'Promoção Verão', color: '#AB12EF', userId: 999 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: 'Promoção Verão', color: '#ab12ef', kanban: 0, userId: adminId, ticketsCount: 0, actCamp: 0, msgR: '', rptDays: 0, mediaName: null });
    const live = await socket.waitFor((e) => e.channel === `company-${companyId}-tag` && e.data.action === 'create' && (e.data.tag as { id: number }).id === res.body.id);
    expect(live.data.tag).toMatchObject({ name: 'Promoção Verão' });
    expect((await admin.call('GET', `/tags/${res.body.id}`)).body).toEqual(res.body);
  });

  it('the list searches the name case and accents aside, pages by cursor or pageNumber, and keeps tags and lanes apart', async () => {
    const tag = unique('zz');
    const made = [];
    for (const name of [`${tag} Árvore`, `${tag} banana`, `${tag} Cereja`]) made.push((await create({ name })).body);
    const lane = (await create({ name: `${tag} Lane`, kanban: 1 })).body;
    const first = await admin.call('GET', `/tags?searchParam=${encodeURIComponent(tag.toUpperCase())}&kanban=0&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.tags.map((t: { name: string }) => t.name)).toEqual([`${tag} Árvore`, `${tag} banana`]);
    expect(first.body.hasMore).toBe(true);
    const next = await admin.call('GET', `/tags?searchParam=${encodeURIComponent(tag)}&kanban=0&limit=2&cursor=${first.body.cursor}`);
    expect(next.body).toMatchObject({ tags: [{ id: made[2].id }], hasMore: false });
    const page2 = await admin.call('GET', `/tags?searchParam=${encodeURIComponent(tag)}&kanban=0&limit=2&pageNumber=2`);
    expect(page2.body.tags.map((t: { id: number }) => t.id)).toEqual([made[2].id]);
    expect((await admin.call('GET', `/tags?searchParam=${encodeURIComponent(`${tag} arvore`)}`)).body.tags.map((t: { id: number }) => t.id)).toEqual([made[0].id]);
    const lanes = await admin.call('GET', `/tags?searchParam=${encodeURIComponent(tag)}&kanban=1`);
    expect(lanes.body.tags.map((t: { id: number }) => t.id)).toEqual([lane.id]);
    const board = await admin.call('GET', '/tags/kanban');
    expect(board.body.lista.map((t: { id: number }) => t.id)).toContain(lane.id);
    expect(board.body.lista.every((t: { kanban: number }) => t.kanban === 1)).toBe(true);
    expect((await admin.call('GET', '/tags?cursor=not-a-cursor')).body.error).toBe('ERR_VALIDATION');
  });

  it('a change keeps what is not sent; a deleted tag is gone from the list, the pickers and GET, and its name is free again', async () => {
    const t = (await create({ name: 'Cliente VIP' })).body;
    const changed = await admin.call('PUT', `/tags/${t.id}`, { body: { color: '#FF0000' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Cliente VIP', color: '#ff0000' });
    await socket.waitFor((e) => e.channel === `company-${companyId}-tag` && e.data.action === 'update' && (e.data.tag as { color: string }).color === '#ff0000');
    const renamed = await admin.call('PUT', `/tags/${t.id}`, { body: { name: 'Cliente Ouro' } });
    expect(renamed.body).toMatchObject({ name: 'Cliente Ouro', color: '#ff0000' });
    expect((await create({ name: 'cliente vip' })).status).toBe(201); // the old name was freed by the rename
    const del = await admin.call('DELETE', `/tags/${t.id}`);
    expect(del.status).toBe(204);
    await socket.waitFor((e) => e.channel === `company-${companyId}-tag` && e.data.action === 'delete' && e.data.tagId === t.id);
    expect((await admin.call('GET', `/tags/${t.id}`)).body.error).toBe('ERR_NO_TAG_FOUND');
    expect((await admin.call('DELETE', `/tags/${t.id}`)).status).toBe(404);
    expect((await admin.call('PUT', `/tags/${t.id}`, { body: { color: '#000000' } })).status).toBe(404);
    expect((await admin.call('GET', '/tags?searchParam=ouro')).body.tags).toEqual([]);
    expect((await admin.call('GET', '/tags/list')).body.map((x: { id: number }) => x.id)).not.toContain(t.id);
    expect((await create({ name: 'Cliente Ouro' })).status).toBe(201);
    const audit = await admin.call('GET', '/audit?resource=tag');
    expect(audit.body.items.map((e: { action: string; targetId: string }) => `${e.action} ${e.targetId}`)).toEqual(expect.arrayContaining([`tag.create ${t.id}`, `tag.update ${t.id}`, `tag.delete ${t.id}`]));
  });
});

describe('tags: validation', () => {
  it('the spec\'s name rules, the colour, the recurrence, the campaign that has nothing to send', async () => {
    const empty = await create({ name: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('ERR_VALIDATION');
    expect(issues(empty)).toContain('body.name: Obrigatório');
    expect(issues(await create({ name: 'ab' }))).toContain('body.name: Mensagem muito curta');
    expect(issues(await admin.call('POST', '/tags', { body: { color: '#000000' } }))).toContain('body.name: Obrigatório');
    expect((await create({ name: 'Cor errada', color: 'red' })).body.error).toBe('ERR_VALIDATION');
    expect((await create({ name: 'Lane longa', kanban: 1, rptDays: 31 })).body.error).toBe('ERR_VALIDATION');
    expect((await create({ name: 'Tipo errado', kanban: 2 })).body.error).toBe('ERR_VALIDATION');
    const silent = await create({ name: 'Lane muda', kanban: 1, actCamp: 1, msgR: '   ' });
    expect(silent.status).toBe(400);
    expect(issues(silent)).toContain('body.msgR: Obrigatório');
    const lane = (await create({ name: 'Lane falante', kanban: 1, actCamp: 1, msgR: 'Oi!', rptDays: 30 })).body;
    expect(lane).toMatchObject({ actCamp: 1, msgR: 'Oi!', rptDays: 30 });
    expect((await admin.call('PUT', `/tags/${lane.id}`, { body: { msgR: '' } })).body.error).toBe('ERR_VALIDATION');
    expect((await admin.call('PUT', `/tags/${lane.id}`, { body: { msgR: '', actCamp: 0 } })).status).toBe(200);
  });

  it('a name is unique in the company, tags and lanes together, case and accents aside; another company may use it', async () => {
    expect((await create({ name: 'Orçamento' })).status).toBe(201);
    const again = await create({ name: 'ORCAMENTO', kanban: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_TAG_ALREADY_EXISTS');
    const other = (await create({ name: 'Pedido' })).body;
    expect((await admin.call('PUT', `/tags/${other.id}`, { body: { name: 'orçamento ' } })).body.error).toBe('ERR_TAG_ALREADY_EXISTS');
    expect((await admin.call('PUT', `/tags/${other.id}`, { body: { name: 'PEDIDO' } })).status).toBe(200); // its own name, another case
    const elsewhere = await newCompany();
    expect((await create({ name: 'Orçamento' }, elsewhere.admin)).status).toBe(201);
  });
});

describe('tags: kind, plan, counts, deletion', () => {
  it('a tag that carries tickets cannot become a lane (nor a lane a tag); once free it can', async () => {
    const t = (await create({ name: 'Interessado' })).body;
    const ticket = await newTicket();
    expect((await admin.call('PUT', `/ticket-tags/${ticket.id}/${t.id}`)).status).toBe(200);
    const refused = await admin.call('PUT', `/tags/${t.id}`, { body: { kanban: 1 } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('ERR_TAG_KIND_IN_USE');
    expect((await admin.call('PUT', `/tags/${t.id}`, { body: { kanban: 0, name: 'Interessados' } })).status).toBe(200); // same kind: fine
    expect((await admin.call('DELETE', `/ticket-tags/${ticket.id}`)).status).toBe(200);
    const lane = await admin.call('PUT', `/tags/${t.id}`, { body: { kanban: 1 } });
    expect(lane.status, JSON.stringify(lane.body)).toBe(200);
    expect(lane.body).toMatchObject({ kanban: 1, ticketsCount: 0 });
  });

  it('lanes only on the paid plans: the plan inicial keeps its tags and is refused lanes', async () => {
    const basic = await newCompany('inicial');
    const refused = await create({ name: 'Minha lane', kanban: 1 }, basic.admin);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    const t = await create({ name: 'Minha tag' }, basic.admin);
    expect(t.status).toBe(201);
    expect((await basic.admin.call('PUT', `/tags/${t.body.id}`, { body: { kanban: 1 } })).body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    expect((await basic.admin.call('GET', '/tags/kanban')).body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    expect((await basic.admin.call('GET', '/tags')).body.tags.map((x: { name: string }) => x.name)).toEqual(['Minha tag']);
  });

  it('ticketsCount follows PUT and DELETE /ticket-tags, POST /tags/sync and the ticket\'s deletion; a tag edit leaves it alone', async () => {
    const a = (await create({ name: 'Conta A' })).body;
    const b = (await create({ name: 'Conta B' })).body;
    const [t1, t2] = [await newTicket(), await newTicket()];
    await admin.call('PUT', `/ticket-tags/${t1.id}/${a.id}`);
    await admin.call('PUT', `/ticket-tags/${t2.id}/${a.id}`);
    expect(await count(a.id)).toBe(2);
    await admin.call('POST', '/tags/sync', { body: { ticketId: t1.id, tags: [{ id: b.id }] } });
    expect([await count(a.id), await count(b.id)]).toEqual([1, 1]);
    // The tags lists see the counts move live: both tags the sync touched are announced.
    const counted = (id: number, n: number) => (e: { channel: string; data: { action: string; tag?: unknown } }) =>
      e.channel === `company-${companyId}-tag` && e.data.action === 'update' && (e.data.tag as { id: number; ticketsCount: number }).id === id && (e.data.tag as { ticketsCount: number }).ticketsCount === n;
    await Promise.all([socket.waitFor(counted(a.id, 1)), socket.waitFor(counted(b.id, 1))]);
    expect((await admin.call('PUT', `/tags/${a.id}`, { body: { name: 'Conta A2', color: '#222222' } })).body.ticketsCount).toBe(1);
    expect(await count(a.id)).toBe(1);
    await admin.call('DELETE', `/ticket-tags/${t2.id}`);
    expect(await count(a.id)).toBe(0);
    expect((await admin.call('DELETE', `/tickets/${t1.id}`)).status).toBeLessThan(300);
    expect(await count(b.id)).toBe(0);
    await socket.waitFor(counted(b.id, 0));
    const listed = (await admin.call('GET', '/tags?searchParam=conta')).body.tags;
    expect(listed.map((x: { name: string; ticketsCount: number }) => [x.name, x.ticketsCount])).toEqual([['Conta A2', 0], ['Conta B', 0]]);
  });

  it('deleting a lane takes it off its tickets: they are back in \'Em aberto\' and its pending campaign runs go', async () => {
    const lane = (await create({ name: 'Negociação', kanban: 1, actCamp: 1, msgR: 'Seguimos com a proposta?' })).body;
    const keep = (await create({ name: 'Quente' })).body;
    const ticket = await newTicket();
    await admin.call('POST', '/tags/sync', { body: { ticketId: ticket.id, tags: [{ id: keep.id }] } });
    const moved = await admin.call('POST', `/ticket/kanban/${ticket.id}/move`, { body: { laneId: lane.id } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.campaign.kind).toBe('started');
    const laneOf = async () => {
      const board = (await admin.call('GET', '/ticket/kanban')).body as { lanes: { laneId: number; cards: { id: number }[] }[] };
      return board.lanes.find((l) => l.cards.some((c) => c.id === ticket.id))?.laneId;
    };
    expect(await laneOf()).toBe(lane.id);
    expect(await count(lane.id)).toBe(1);
    expect((await admin.call('DELETE', `/tags/${lane.id}`)).status).toBe(204);
    expect(await laneOf()).toBe(0);
    const after = (await admin.call('GET', `/tickets/${ticket.id}`)).body;
    expect(after.tags.map((x: { id: number }) => x.id)).toEqual([keep.id]);
    expect(after.laneId ?? 0).toBe(0);
    const pending = (await admin.call('GET', `/schedules?contactId=${ticket.contactId}`)).body.schedules.filter((s: { status: string; campId: number | null }) => s.status === 'PENDENTE' && s.campId === lane.id);
    expect(pending).toEqual([]);
    expect((await admin.call('GET', `/api/ticket/ListByTagIsAuth/${lane.id}`)).status).toBe(404);
  });
});

describe('tags: the lane campaign\'s file', () => {
  it('an upload of the caller\'s company of the schedules\' types is taken, another company\'s key is refused, and it is removed', async () => {
    const lane = (await create({ name: 'Lane com foto', kanban: 1 })).body;
    const own = await uploadFile(admin, 'foto.png', 'image/png', TINY_PNG);
    const attached = await admin.call('POST', `/tags/${lane.id}/media-upload`, { body: { key: own, filename: 'foto.png', mimetype: 'image/png' } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body).toMatchObject({ mediaName: 'foto.png', mimetype: 'image/png' });
    expect(JSON.stringify(attached.body)).not.toContain(own);
    // A campaign with the file alone has something to send.
    expect((await admin.call('PUT', `/tags/${lane.id}`, { body: { actCamp: 1 } })).status).toBe(200);

    const other = await newCompany();
    const foreign = await uploadFile(other.admin, 'alheia.png', 'image/png', TINY_PNG);
    const refused = await admin.call('POST', `/tags/${lane.id}/media-upload`, { body: { key: foreign, filename: 'alheia.png', mimetype: 'image/png' } });
    expect([403, 404]).toContain(refused.status);
    expect(refused.body.error).toMatch(/^ERR_/);
    expect((await create({ name: 'Lane alheia', kanban: 1, media: { key: foreign, filename: 'alheia.png', mimetype: 'image/png' } })).status).toBe(403);
    const pdf = await uploadFile(admin, 'doc.pdf', 'application/pdf', TINY_PDF);
    expect((await admin.call('POST', `/tags/${lane.id}/media-upload`, { body: { key: pdf, filename: 'doc.pdf', mimetype: 'application/pdf' } })).body.error).toBe('ERR_UPLOAD_TYPE_NOT_ALLOWED');
    expect((await admin.call('GET', `/tags/${lane.id}`)).body.mediaName).toBe('foto.png');

    // Without its file and message the campaign would send nothing: refused until switched off.
    expect((await admin.call('DELETE', `/tags/${lane.id}/media-upload`)).body.error).toBe('ERR_VALIDATION');
    await admin.call('PUT', `/tags/${lane.id}`, { body: { actCamp: 0 } });
    const removed = await admin.call('DELETE', `/tags/${lane.id}/media-upload`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ mediaName: null, mimetype: null });
  });

  it('a lane is created with its file in one call', async () => {
    const key = await uploadFile(admin, 'video.mp4', 'video/mp4', Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(64)]));
    const made = await create({ name: 'Lane com vídeo', kanban: 1, actCamp: 1, rptDays: 7, media: { key, filename: 'video.mp4', mimetype: 'video/mp4' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ actCamp: 1, msgR: '', rptDays: 7, mediaName: 'video.mp4', mimetype: 'video/mp4' });
  });
});
