/**
 * Queues, chatbot option trees and working hours (spec 2 "Queue modal", §3, §5, §7): validation
 * messages, a colour unique per company (also under creates at once), the plan's queue limit,
 * trees replaced whole and edited one option at a time, a deleted queue leaving users,
 * connections and forwards, company schedules, and the queue channel's events.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, newCompany, unique, type Client } from '../support/api';
import { queryPartition } from '../support/db';
import { openSocket } from '../support/socket';
import { tenantWithAgent } from '../support/tenants';

let co: Awaited<ReturnType<typeof tenantWithAgent>>;

beforeAll(async () => {
  co = await tenantWithAgent();
});

const color = () => `#${randomUUID().replace(/-/g, '').slice(0, 6)}`;
const issues = (res: { body: any }) => (res.body.issues ?? []) as { path: string; message: string }[];
const option = (name: string, extra: Record<string, unknown> = {}) => ({ name, greetingMessage: `Você escolheu ${name}`, ...extra });
type View = { id: number; name: string; parentId: number | null; order: number; options: View[]; [k: string]: unknown };
const names = (views: View[]): unknown[] => views.map((v) => (v.options.length ? [v.name, names(v.options)] : v.name));

async function queue(admin: Client, body: Record<string, unknown>) {
  const res = await admin.call('POST', '/queue', { body: { name: `Fila ${unique()}`, color: color(), ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; chatbots: View[]; [k: string]: unknown };
}

describe('queues', () => {
  it('validates as the spec says: name 2–50, colour 3–9 and a hex colour, option names of at least 4, typebot fields 2–100', async () => {
    const { admin } = co;
    const short = await admin.call('POST', '/queue', { body: { name: 'V', color: '#ff0000' } });
    expect(short.body.error).toBe('ERR_VALIDATION');
    expect(issues(short)).toContainEqual({ path: 'body.name', message: 'Too Short!' });
    const long = await admin.call('POST', '/queue', { body: { name: 'V'.repeat(51), color: '#ff00000000' } });
    expect(issues(long)).toEqual(expect.arrayContaining([{ path: 'body.name', message: 'Too Long!' }, { path: 'body.color', message: 'Too Long!' }]));
    const notHex = await admin.call('POST', '/queue', { body: { name: 'Vendas', color: 'azul' } });
    expect([notHex.status, notHex.body.error]).toEqual([400, 'ERR_QUEUE_INVALID_COLOR']);
    expect((await admin.call('POST', '/queue', { body: { name: 'Vendas', color: '#12345' } })).body.error).toBe('ERR_QUEUE_INVALID_COLOR');
    const tiny = await admin.call('POST', '/queue', { body: { name: 'Vendas', color: color(), chatbots: [option('Sim')] } });
    expect(issues(tiny)).toContainEqual({ path: 'body.chatbots.0.name', message: 'muito curto' });
    const typebot = await admin.call('POST', '/queue', { body: { name: 'Vendas', color: color(), typebotUrl: 'x' } });
    expect(issues(typebot)).toContainEqual({ path: 'body.typebotUrl', message: 'Too Short!' });
    const badHours = await admin.call('POST', '/queue', { body: { name: 'Vendas', color: color(), schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '25:00', endTime: '18:00' }] } });
    expect(badHours.body.error).toBe('ERR_VALIDATION');
    // Nothing was stored by any of these.
    expect((await queryPartition(`C#${co.tenant.companyId}#QUEUES`)).filter((i) => i.name === 'Vendas')).toEqual([]);
  });

  it('creates, reads, lists in menu order, edits and deletes; agents read but do not manage', async () => {
    const { admin, agent } = co;
    const late = await queue(admin, { name: 'Suporte', orderQueue: 2, greetingMessage: 'Bem-vindo ao suporte', typebotUrl: '', schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }] });
    const early = await queue(admin, { name: 'Vendas', orderQueue: 1 });
    expect(late).toMatchObject({ name: 'Suporte', greetingMessage: 'Bem-vindo ao suporte', outOfHoursMessage: '', orderQueue: 2, typebotUrl: null, chatbots: [] });
    expect(late.schedules).toEqual([{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }]);

    const list = (await agent.call('GET', `/queue?companyId=${co.tenant.companyId}`)).body as { id: number; orderQueue: number | null }[];
    const ours = list.filter((q) => q.id === late.id || q.id === early.id).map((q) => q.id);
    expect(ours).toEqual([early.id, late.id]);
    // Queues without orderQueue come after the ordered ones.
    expect(list.findIndex((q) => q.id === co.tenant.queueId)).toBeGreaterThan(list.findIndex((q) => q.id === late.id));
    expect((await agent.call('GET', `/queue/${late.id}`)).body.name).toBe('Suporte');
    expect((await agent.call('POST', '/queue', { body: { name: 'Do agente', color: color() } })).status).toBe(403);
    expect((await agent.call('PUT', `/queue/${late.id}`, { body: { name: 'Do agente' } })).status).toBe(403);
    expect((await agent.call('GET', `/chatbot?queueId=${late.id}`)).status).toBe(403);

    const edited = await admin.call('PUT', `/queue/${late.id}`, { body: { name: 'Suporte técnico', outOfHoursMessage: 'Voltamos às 8h', orderQueue: 0 } });
    expect(edited.body).toMatchObject({ id: late.id, name: 'Suporte técnico', outOfHoursMessage: 'Voltamos às 8h', greetingMessage: 'Bem-vindo ao suporte', orderQueue: 0 });
    expect((await admin.call('GET', '/queue')).body.filter((q: { id: number }) => q.id === late.id || q.id === early.id).map((q: { id: number }) => q.id)).toEqual([late.id, early.id]);

    expect((await admin.call('DELETE', `/queue/${early.id}`)).status).toBe(204);
    expect((await admin.call('GET', `/queue/${early.id}`)).body.error).toBe('ERR_NO_QUEUE_FOUND');
    expect((await admin.call('PUT', `/queue/${early.id}`, { body: { name: 'Outra' } })).status).toBe(404);
    expect((await admin.call('DELETE', `/queue/${early.id}`)).status).toBe(404);
  });

  it('a colour is unique per company whatever its case or shorthand; a colour change frees the old one', async () => {
    const { admin } = co;
    const a = await queue(admin, { color: '#ABCDEF' });
    const dup = await admin.call('POST', '/queue', { body: { name: 'Outra', color: '#abcdef' } });
    expect([dup.status, dup.body.error]).toEqual([409, 'ERR_QUEUE_COLOR_ALREADY_EXISTS']);
    const short = await queue(admin, { color: '#1A2' });
    expect((await admin.call('POST', '/queue', { body: { name: 'Outra', color: '#11aa22' } })).body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');

    // Moving onto a taken colour fails and changes nothing.
    const clash = await admin.call('PUT', `/queue/${short.id}`, { body: { color: '#abcDEF', name: 'Nome novo' } });
    expect(clash.body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    expect((await admin.call('GET', `/queue/${short.id}`)).body).toMatchObject({ color: '#1A2', name: short.name });
    // The same colour in another spelling is no change; a new colour frees the old one.
    expect((await admin.call('PUT', `/queue/${a.id}`, { body: { color: '#abcdef' } })).body.color).toBe('#abcdef');
    expect((await admin.call('PUT', `/queue/${a.id}`, { body: { color: '#fedcba' } })).status).toBe(200);
    await queue(admin, { color: '#ABCDEF' });
    // Deleting frees the colour too; another company may use any colour.
    expect((await admin.call('DELETE', `/queue/${short.id}`)).status).toBe(204);
    await queue(admin, { color: '#11AA22' });
    const b = await newCompany();
    await queue(b.admin, { color: '#fedcba' });
  });

  it('two creates of one colour at once: exactly one wins', async () => {
    const { admin, tenant } = co;
    const c = color();
    const results = await Promise.all([c, c.toUpperCase(), c].map((col, i) => admin.call('POST', '/queue', { body: { name: `Corrida ${i}`, color: col } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const items = await queryPartition(`C#${tenant.companyId}#QUEUES`);
    expect(items.filter((i) => String(i.color).toLowerCase() === c)).toHaveLength(1);
  });

  it('the plan caps the queues (inicial: 3), also under creates at once; a delete frees a place', async () => {
    const { admin } = await newCompany('inicial');
    const first = await queue(admin, {});
    await queue(admin, {});
    const raced = await Promise.all([0, 1, 2].map(() => admin.call('POST', '/queue', { body: { name: 'Na corrida', color: color() } })));
    expect(raced.map((r) => r.status).sort()).toEqual([201, 403, 403]);
    expect(raced.find((r) => r.status === 403)!.body.error).toBe('ERR_MAX_QUEUES_REACHED');
    expect((await admin.call('GET', '/queue')).body).toHaveLength(3);
    expect((await admin.call('DELETE', `/queue/${first.id}`)).status).toBe(204);
    await queue(admin, {});
    expect((await admin.call('POST', '/queue', { body: { name: 'Uma a mais', color: color() } })).body.error).toBe('ERR_MAX_QUEUES_REACHED');
  });
});

describe('chatbot option trees', () => {
  it('the queue modal replaces the whole tree: ids kept, new ones allocated, missing ones deleted', async () => {
    const { admin } = co;
    const made = await queue(admin, { chatbots: [option('Planos', { options: [option('Falar com atendente', { isAgent: true }), option('Preços')] }), option('Suporte')] });
    expect(names(made.chatbots)).toEqual([['Planos', ['Falar com atendente', 'Preços']], 'Suporte']);
    const [planos, suporte] = made.chatbots as [View, View];
    const [atendente, precos] = planos.options as [View, View];
    expect(atendente).toMatchObject({ queueId: made.id, parentId: planos.id, order: 0, isAgent: true, optionType: 'text', greetingMessage: 'Você escolheu Falar com atendente' });
    expect(precos).toMatchObject({ parentId: planos.id, order: 1, isAgent: false });
    expect(suporte).toMatchObject({ parentId: null, order: 1 });

    // Reordered, one renamed, one new, 'Preços' and 'Suporte' left out.
    const saved = await admin.call('PUT', `/queue/${made.id}`, {
      body: { chatbots: [option('Financeiro'), option('Planos e pacotes', { id: planos.id, options: [option('Falar com atendente', { id: atendente.id, isAgent: true })] })] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(names(saved.body.chatbots)).toEqual(['Financeiro', ['Planos e pacotes', ['Falar com atendente']]]);
    const [fin, plan2] = saved.body.chatbots as [View, View];
    expect(plan2.id).toBe(planos.id);
    expect(plan2.options[0]!.id).toBe(atendente.id);
    expect([planos.id, atendente.id, precos.id, suporte.id]).not.toContain(fin.id);
    expect((await admin.call('GET', `/chatbot/${precos.id}`)).body.error).toBe('ERR_NO_CHATBOT_FOUND');
    expect((await admin.call('GET', `/chatbot/${suporte.id}`)).status).toBe(404);
    expect(names((await admin.call('GET', `/chatbot?queueId=${made.id}`)).body)).toEqual(['Financeiro', ['Planos e pacotes', ['Falar com atendente']]]);
    // A PUT without chatbots leaves the tree as it is.
    expect(names((await admin.call('PUT', `/queue/${made.id}`, { body: { greetingMessage: 'Olá!' } })).body.chatbots)).toEqual(['Financeiro', ['Planos e pacotes', ['Falar com atendente']]]);
    // An id given twice is refused, and nothing changes.
    const twice = await admin.call('PUT', `/queue/${made.id}`, { body: { chatbots: [option('Primeira', { id: fin.id }), option('Segunda', { id: fin.id })] } });
    expect(twice.body.error).toBe('ERR_VALIDATION');
    expect((await admin.call('GET', `/chatbot/${fin.id}`)).body.name).toBe('Financeiro');
    // Too deep a tree is a validation error (also one nested far too deep for the schema).
    let deep: Record<string, unknown> = option('Nível final');
    for (let i = 0; i < 11; i++) deep = option(`Nível ${i}`, { options: [deep] });
    expect((await admin.call('PUT', `/queue/${made.id}`, { body: { chatbots: [deep] } })).body.error).toBe('ERR_VALIDATION');
    const absurd = '{"chatbots":[' + '{"name":"abcd","options":['.repeat(3000) + '{"name":"abcd"}' + ']}'.repeat(3000) + ']}';
    const res = await admin.call('PUT', `/queue/${made.id}`, { raw: absurd });
    expect([res.status, res.body.error]).toEqual([400, 'ERR_VALIDATION']);
  });

  it('one option at a time: nested create at a position, edit, move, delete with its subtree', async () => {
    const { admin } = co;
    const q = await queue(admin, {});
    const top = await admin.call('POST', '/chatbot', { body: { queueId: q.id, name: 'Comercial', greetingMessage: 'Escolha:' } });
    expect(top.status, JSON.stringify(top.body)).toBe(201);
    expect(top.body).toMatchObject({ queueId: q.id, parentId: null, order: 0, name: 'Comercial', optionType: 'text', isAgent: false, forwardQueueId: null, options: [] });
    const child = (await admin.call('POST', '/chatbot', { body: { queueId: q.id, parentId: top.body.id, name: 'Orçamento', greetingMessage: 'Mande os detalhes' } })).body;
    const first = (await admin.call('POST', '/chatbot', { body: { queueId: q.id, parentId: top.body.id, name: 'Vendedor', isAgent: true, order: 0 } })).body;
    expect(first).toMatchObject({ parentId: top.body.id, order: 0, isAgent: true });
    expect(names((await admin.call('GET', `/chatbot?queueId=${q.id}`)).body)).toEqual([['Comercial', ['Vendedor', 'Orçamento']]]);
    expect((await admin.call('GET', `/chatbot/${child.id}`)).body).toMatchObject({ id: child.id, order: 1, parentId: top.body.id });

    const short = await admin.call('POST', '/chatbot', { body: { queueId: q.id, name: 'Oi' } });
    expect(issues(short)).toContainEqual({ path: 'body.name', message: 'muito curto' });
    expect((await admin.call('POST', '/chatbot', { body: { queueId: q.id, parentId: 999999, name: 'Perdida' } })).body.error).toBe('ERR_NO_CHATBOT_FOUND');
    expect((await admin.call('POST', '/chatbot', { body: { queueId: 999999, name: 'Perdida' } })).body.error).toBe('ERR_NO_QUEUE_FOUND');

    const moved = await admin.call('PUT', `/chatbot/${child.id}`, { body: { name: 'Orçamento rápido', order: 0 } });
    expect(moved.body).toMatchObject({ name: 'Orçamento rápido', order: 0 });
    expect(names((await admin.call('GET', `/queue/${q.id}`)).body.chatbots)).toEqual([['Comercial', ['Orçamento rápido', 'Vendedor']]]);

    expect((await admin.call('DELETE', `/chatbot/${top.body.id}`)).status).toBe(204);
    expect((await admin.call('GET', `/chatbot?queueId=${q.id}`)).body).toEqual([]);
    for (const id of [top.body.id, child.id, first.id]) expect((await admin.call('GET', `/chatbot/${id}`)).status).toBe(404);
    expect((await admin.call('PUT', `/chatbot/${child.id}`, { body: { name: 'Voltou?' } })).body.error).toBe('ERR_NO_CHATBOT_FOUND');
  });

  it('options added at once are all kept (each save is conditional on the tree it read)', async () => {
    const { admin } = co;
    const q = await queue(admin, {});
    const made = await Promise.all(['Primeira', 'Segunda', 'Terceira', 'Quarta'].map((n) => admin.call('POST', '/chatbot', { body: { queueId: q.id, name: `${n} opção` } })));
    expect(made.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const tree = (await admin.call('GET', `/chatbot?queueId=${q.id}`)).body as View[];
    expect(tree.map((o) => o.id).sort()).toEqual(made.map((r) => r.body.id).sort());
    expect(tree.map((o) => o.order)).toEqual([0, 1, 2, 3]);
  });

  it('a forward names another existing queue of the company', async () => {
    const { admin } = co;
    const target = await queue(admin, {});
    const q = await queue(admin, { chatbots: [option('Ir para o suporte', { forwardQueueId: target.id })] });
    expect(q.chatbots[0]!.forwardQueueId).toBe(target.id);
    const self = await admin.call('PUT', `/queue/${q.id}`, { body: { chatbots: [option('Para mim mesma', { forwardQueueId: q.id })] } });
    expect(self.body.error).toBe('ERR_VALIDATION');
    expect((await admin.call('POST', '/chatbot', { body: { queueId: q.id, name: 'Para lugar nenhum', forwardQueueId: 999999 } })).body.error).toBe('ERR_VALIDATION');
    const other = await newCompany();
    const theirs = await queue(other.admin, {});
    const foreign = await admin.call('PUT', `/chatbot/${q.chatbots[0]!.id}`, { body: { forwardQueueId: theirs.id + 1000 } });
    expect(foreign.body.error).toBe('ERR_VALIDATION');
  });

  it('a file option: the uploaded file becomes its message and its name the option text; text again drops it', async () => {
    const { admin, tenant } = co;
    const q = await queue(admin, { chatbots: [option('Catálogo em PDF')] });
    const opt = q.chatbots[0]!;
    const bytes = Buffer.from('%PDF-1.4\n% catálogo\n');
    const ticket = await admin.call('POST', '/messages/upload', { body: { filename: 'catalogo.pdf', mimetype: 'application/pdf', size: bytes.length } });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    expect((await fetch(ticket.body.url, { method: 'PUT', headers: ticket.body.headers, body: bytes })).status).toBe(200);

    const missing = await admin.call('POST', `/queue-options/${opt.id}/file`, { body: { mediaKey: `companies/${tenant.companyId}/uploads/${randomUUID()}/nada.pdf`, mediaName: 'nada.pdf' } });
    expect(missing.body.error).toBe('ERR_NO_MEDIA_FOUND');
    const foreign = await admin.call('POST', `/queue-options/${opt.id}/file`, { body: { mediaKey: `companies/${tenant.companyId + 1}/uploads/x/y.pdf`, mediaName: 'y.pdf' } });
    expect(foreign.body.error).toBe('ERR_NO_PERMISSION');

    const attached = await admin.call('POST', `/queue-options/${opt.id}/file`, { body: { mediaKey: ticket.body.key, mediaName: 'catalogo.pdf' } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body).toMatchObject({ id: opt.id, optionType: 'file', mediaKey: ticket.body.key, mediaName: 'catalogo.pdf', mimetype: 'application/pdf', greetingMessage: 'catalogo.pdf' });
    // The queue modal's save keeps the file of a kept file option.
    const saved = await admin.call('PUT', `/queue/${q.id}`, { body: { chatbots: [option('Catálogo em PDF', { id: opt.id, optionType: 'file', greetingMessage: 'catalogo.pdf' })] } });
    expect(saved.body.chatbots[0]).toMatchObject({ id: opt.id, mediaKey: ticket.body.key });
    const text = await admin.call('PUT', `/chatbot/${opt.id}`, { body: { optionType: 'text', greetingMessage: 'Sem arquivo agora' } });
    expect(text.body).toMatchObject({ optionType: 'text', mediaKey: null, mediaName: null, greetingMessage: 'Sem arquivo agora' });
  });
});

describe('deleting a queue', () => {
  it('removes its options and colour, leaves users and connections, clears forwards to it; tickets keep their queue id', async () => {
    const { admin, tenant } = co;
    const doomed = await queue(admin, { color: '#c0ffee', chatbots: [option('Opção que some', { options: [option('Filha que some')] })] });
    const kept = await queue(admin, { chatbots: [option('Encaminhar', { forwardQueueId: doomed.id }), option('Ficar aqui')] });
    const email = `${unique('fila')}@example.test`;
    const user = await admin.call('POST', '/users', { body: { name: 'Agente da Fila', email, password: PASSWORD, queueIds: [kept.id, doomed.id] } });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    const conn = await admin.call('PUT', `/whatsapp/${tenant.whatsappId}`, { body: { queueIds: [doomed.id, kept.id], greetingMessage: 'Escolha uma fila' } });
    expect(conn.status, JSON.stringify(conn.body)).toBe(200);
    const moved = await admin.call('PUT', `/tickets/${tenant.ticketId}`, { body: { queueId: doomed.id } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    expect((await admin.call('DELETE', `/queue/${doomed.id}`)).status).toBe(204);

    expect((await admin.call('GET', `/users/${user.body.id}`)).body.queueIds).toEqual([kept.id]);
    expect((await admin.call('GET', `/whatsapp/${tenant.whatsappId}`)).body.queueIds).toEqual([kept.id]);
    // The connection can still be edited after the cleanup moved its revision.
    expect((await admin.call('PUT', `/whatsapp/${tenant.whatsappId}`, { body: { name: 'Sandbox A' } })).status).toBe(200);
    expect((await admin.call('GET', `/chatbot/${doomed.chatbots[0]!.id}`)).status).toBe(404);
    expect((await admin.call('GET', `/chatbot/${doomed.chatbots[0]!.options[0]!.id}`)).status).toBe(404);
    const keptNow = (await admin.call('GET', `/queue/${kept.id}`)).body;
    expect(keptNow.chatbots.map((o: View) => [o.name, o.forwardQueueId])).toEqual([['Encaminhar', null], ['Ficar aqui', null]]);
    const items = await queryPartition(`C#${tenant.companyId}#QUEUES`);
    expect(items.filter((i) => String(i.SK).startsWith(String(doomed.id).padStart(10, '0')))).toEqual([]);
    expect((await queryPartition(`C#${tenant.companyId}#QCOLOR`)).filter((i) => i.queueId === doomed.id)).toEqual([]);
    await queue(admin, { color: '#C0FFEE' });

    const ticket = await admin.call('GET', `/tickets/${tenant.ticketId}`);
    expect([ticket.status, ticket.body.queueId]).toEqual([200, doomed.id]);
    await admin.call('PUT', `/whatsapp/${tenant.whatsappId}`, { body: { queueIds: [] } });
  });
});

describe('working hours', () => {
  it('company schedules: read, replaced, validated; only the caller\'s own company', async () => {
    const { admin, agent, tenant } = co;
    expect((await admin.call('GET', `/companies/${tenant.companyId}/schedules`)).body).toEqual({ id: tenant.companyId, schedules: [] });
    const week = [
      { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
      { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '', endTime: '' },
      { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '22:00', endTime: '02:00' },
    ];
    const put = await admin.call('PUT', `/companies/${tenant.companyId}/schedules`, { body: { id: tenant.companyId, schedules: week } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await admin.call('GET', `/companies/${tenant.companyId}/schedules`)).body.schedules).toEqual(week);

    const bad = await admin.call('PUT', `/companies/${tenant.companyId}/schedules`, { body: { schedules: [{ ...week[0], startTime: '8:00' }] } });
    expect(bad.body.error).toBe('ERR_VALIDATION');
    const twice = await admin.call('PUT', `/companies/${tenant.companyId}/schedules`, { body: { schedules: [week[0], week[0]] } });
    expect(twice.body.error).toBe('ERR_VALIDATION');
    expect((await admin.call('PUT', `/companies/${tenant.companyId}/schedules`, { body: { id: tenant.companyId + 1, schedules: [] } })).body.error).toBe('ERR_VALIDATION');
    expect((await admin.call('GET', `/companies/${tenant.companyId}/schedules`)).body.schedules).toEqual(week);

    expect((await agent.call('PUT', `/companies/${tenant.companyId}/schedules`, { body: { schedules: [] } })).status).toBe(403);
    const other = await newCompany();
    expect((await other.admin.call('GET', `/companies/${tenant.companyId}/schedules`)).body.error).toBe('ERR_NO_PERMISSION');
    expect((await other.admin.call('PUT', `/companies/${tenant.companyId}/schedules`, { body: { schedules: [] } })).status).toBe(403);
    expect((await admin.call('GET', `/companies/${tenant.companyId}/schedules`)).body.schedules).toEqual(week);
  });

  it('queue schedules are part of the queue', async () => {
    const { admin } = co;
    const q = await queue(admin, {});
    const hours = [{ weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '09:00', endTime: '17:30' }];
    expect((await admin.call('PUT', `/queue/${q.id}`, { body: { schedules: hours } })).body.schedules).toEqual(hours);
    expect((await admin.call('GET', `/queue/${q.id}`)).body.schedules).toEqual(hours);
  });
});

describe('queue events', () => {
  it('the company\'s users hear of creates, edits, option changes and deletes; another company hears nothing', async () => {
    const { admin, agent, tenant } = co;
    const other = await newCompany();
    const mine = await openSocket(agent.token!);
    const theirs = await openSocket(other.admin.token!);
    const q = await queue(admin, { name: 'Fila ao vivo' });
    const created = await mine.waitFor((e) => e.channel === `company-${tenant.companyId}-queue` && e.data.action === 'update' && (e.data.queue as { id: number }).id === q.id);
    expect(created.data.queue).toMatchObject({ id: q.id, name: 'Fila ao vivo', chatbots: [] });
    await admin.call('POST', '/chatbot', { body: { queueId: q.id, name: 'Opção ao vivo' } });
    await mine.waitFor((e) => e.data.action === 'update' && (e.data.queue as { chatbots: View[] }).chatbots.some((o) => o.name === 'Opção ao vivo'));
    await admin.call('DELETE', `/queue/${q.id}`);
    await mine.waitFor((e) => e.channel === `company-${tenant.companyId}-queue` && e.data.action === 'delete' && e.data.queueId === q.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.events.some((e) => e.channel.startsWith(`company-${tenant.companyId}`))).toBe(false);
    mine.close();
    theirs.close();
  });
});

describe('the bot\'s read API', () => {
  it('reads a queue, its tree and the menu order as the API stored them', async () => {
    const { admin, tenant } = co;
    const { getQueue, listQueues, queueOptions, getCompanySchedules } = await import('../../functions/src/adapters/db/queues');
    const q = await queue(admin, { orderQueue: 0, chatbots: [option('Primeiro nível', { options: [option('Segundo nível', { isAgent: true })] })] });
    expect(await getQueue(tenant.companyId, q.id)).toMatchObject({ id: q.id, companyId: tenant.companyId, name: q.name, schedules: [] });
    const menu = (await listQueues(tenant.companyId)).map((x) => x.id);
    expect(menu).toContain(q.id);
    expect(menu).toEqual((await admin.call('GET', '/queue')).body.map((x: { id: number }) => x.id));
    const tree = await queueOptions(tenant.companyId, q.id);
    expect(tree[0]).toMatchObject({ name: 'Primeiro nível', parentId: null, order: 0 });
    expect(tree[0]!.options[0]).toMatchObject({ name: 'Segundo nível', parentId: tree[0]!.id, isAgent: true });
    expect(await getQueue(tenant.companyId, 999999)).toBeUndefined();
    expect(Array.isArray(await getCompanySchedules(tenant.companyId))).toBe(true);
  });
});

