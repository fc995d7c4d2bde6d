/**
 * Lanes and their campaigns on the server (spec 3 "Campaign kanban board", "Tickets by tag", §4
 * "Kanban move between lanes", §8, §9; BEHAVIOUR.md "Lanes, schedules and open-by-phone"): the send
 * time (18:01–18:30 São Paulo, tomorrow from 18:00) with fixed clocks through the domain; kept,
 * replaced and cleared campaigns and their toasts through the move endpoint; recurring runs and a run
 * after the ticket left its lane; a lane's text reaching the sandbox phone; tag memberships and
 * counts through a tagged ticket's life; who sees which cards; paging per lane; and the reads of a
 * board of 2,000 open tickets, counted in DynamoDB capacity units (times are not asserted).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { takeUnits } from '../../functions/src/adapters/db/capacity';
import { getSchedule, type Schedule } from '../../functions/src/adapters/db/schedules';
import { getTag } from '../../functions/src/adapters/db/tags';
import { authenticate } from '../../functions/src/domain/auth/authenticate';
import { createSchedule } from '../../functions/src/domain/schedules/manage-schedules';
import { runSchedule } from '../../functions/src/domain/schedules/send-schedules';
import { kanbanBoard, kanbanLane } from '../../functions/src/domain/tickets/kanban';
import { moveTicketToLane } from '../../functions/src/domain/tickets/ticket-tags';
import { seedTickets } from '../bench/seed-tickets';
import { newCompany, unique } from '../support/api';
import { queryPartition } from '../support/db';
import { putLane, putTag } from '../support/lanes';
import { pairSandbox, until } from '../support/sandbox';
import { inbox, type Inbox } from './tickets-helpers';

// The board's reads are counted in this process (the domain called directly): every DynamoDB call
// of this file asks for its consumed capacity (adapters/db/capacity.ts, read when the client is made).
process.env.DDB_CAPACITY_METER = '1';

let x: Inbox;
const L = { cafe: 11, proposta: 12, contrato: 13, semCampanha: 14, semanal: 15, unica: 16, visivel: 17, paginas: 18 };
const TAG_VIP = 21;

/** A day three days ahead in São Paulo (UTC−3 all year): the fixed clocks' sends stay in the future. */
const ahead = new Date(Date.now() - 3 * 3_600_000 + 3 * 86_400_000);
const spAt = (h: number, m: number, dayPlus = 0) => new Date(Date.UTC(ahead.getUTCFullYear(), ahead.getUTCMonth(), ahead.getUTCDate() + dayPlus, h + 3, m));

const auth = (c: { token?: string }) => authenticate(`Bearer ${c.token}`);
const contactSchedules = async (contactId: number): Promise<Record<string, any>[]> =>
  (await queryPartition(`C#${x.companyId}#SCHEDULES`)).filter((s) => s.contactId === contactId && s.entity !== 'due');
const pendingOf = async (contactId: number) => (await contactSchedules(contactId)).filter((s) => s.status === 'PENDENTE');
const move = (ticketId: number, laneId: number) => x.admin.call('POST', `/ticket/kanban/${ticketId}/move`, { body: { laneId } });
const cardIds = (page: { cards: { id: number }[] }) => page.cards.map((c) => c.id);
const laneOf = (board: { lanes: { laneId: number; cards: { id: number }[] }[] }, laneId: number) => cardIds(board.lanes.find((l) => l.laneId === laneId)!);
/** The lanes of a contact's schedules, hand-made ones (null) first. */
const campIds = (list: Record<string, any>[]) => list.map((s) => s.campId as number | null).sort((a, b) => (a ?? -1) - (b ?? -1));
const job = (s: { id: number; sendAt: string }) => ({ companyId: x.companyId, scheduleId: s.id, sendAt: s.sendAt });

beforeAll(async () => {
  x = await inbox();
  await pairSandbox(x.admin, x.conn.id);
  await putLane(x.companyId, L.cafe, 'Café', { msgR: 'Bom dia! Seu café está pronto.' });
  await putLane(x.companyId, L.proposta, 'Proposta', { msgR: 'Sua proposta está pronta para revisão.' });
  await putLane(x.companyId, L.contrato, 'Contrato', { msgR: 'Seu contrato aguarda assinatura.' });
  await putLane(x.companyId, L.semCampanha, 'Sem campanha');
  await putLane(x.companyId, L.semanal, 'Semanal', { msgR: 'Lembrete semanal da sua proposta.', rptDays: 7 });
  await putLane(x.companyId, L.unica, 'Única', { msgR: 'Lembrete único da sua proposta.', rptDays: 0 });
  await putLane(x.companyId, L.visivel, 'Visível');
  await putLane(x.companyId, L.paginas, 'Páginas');
  await putTag(x.companyId, TAG_VIP, 'VIP');
}, 90_000);

describe('a lane campaign', () => {
  it('sends at 18:01–18:30 São Paulo: today when moved at 17:59, tomorrow when moved at 18:00 or 23:00', async () => {
    const me = await auth(x.admin);
    const sendAtFor = async (now: Date, random?: () => number) => {
      const t = await x.customer({ queueId: 1 });
      const moved = await moveTicketToLane(me, t.id, L.cafe, { now, random });
      expect(moved.campaign.kind).toBe('started');
      return moved.campaign.kind === 'started' ? new Date(moved.campaign.sendAt) : new Date(NaN);
    };
    // 17:59 → today at 18:MM:SS, the draws picking minute 16 and second 30.
    expect((await sendAtFor(spAt(17, 59), () => 0.5)).toISOString()).toBe(spAt(18, 16).toISOString().replace(':00.000Z', ':30.000Z'));
    // Whatever the draws, within 18:01:00–18:30:59 of that day.
    for (let i = 0; i < 3; i++) {
      const at = await sendAtFor(spAt(17, 59));
      expect(at.getTime()).toBeGreaterThanOrEqual(spAt(18, 1).getTime());
      expect(at.getTime()).toBeLessThan(spAt(18, 31).getTime());
    }
    // 18:00 and 23:00 → the next day's window.
    const at18 = await sendAtFor(spAt(18, 0), () => 0);
    expect(at18.toISOString()).toBe(spAt(18, 1, 1).toISOString());
    const at23 = await sendAtFor(spAt(23, 0), () => 0.999999);
    expect(at23.toISOString()).toBe(spAt(18, 30, 1).toISOString().replace(':00.000Z', ':59.000Z'));
  });

  it('the same lane again is already in progress (no second schedule); another lane replaces it; Em aberto clears the lane schedules only', async () => {
    const t = await x.customer({ queueId: 1, name: 'Rita Kanban' });
    const own = await createSchedule(x.companyId, { body: 'Agendado à mão, sem lane', sendAt: spAt(10, 0, 5).toISOString(), contactId: t.contactId });

    const first = await move(t.id, L.proposta);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ fromLaneId: 0, card: { id: t.id, laneId: L.proposta }, campaign: { kind: 'started', campaign: L.proposta, replaced: [] } });
    expect(first.body.campaign).toMatchObject({ kind: 'started', campaign: L.proposta, contactName: 'Rita Kanban', replaced: [] });
    const started = await pendingOf(t.contactId);
    expect(campIds(started)).toEqual([null, L.proposta]);
    expect(started.find((s) => s.campId === L.proposta)).toMatchObject({ body: 'Sua proposta está pronta para revisão.', daysR: 0, whatsappId: x.conn.id });

    const again = await move(t.id, L.proposta);
    expect(again.body.campaign).toEqual({ kind: 'kept', campaign: L.proposta, contactName: 'Rita Kanban' });
    expect(again.body.campaign).toEqual({ kind: 'kept', campaign: L.proposta, contactName: 'Rita Kanban' });
    expect((await pendingOf(t.contactId)).filter((s) => s.campId === L.proposta)).toHaveLength(1);

    const other = await move(t.id, L.contrato);
    expect(other.body).toMatchObject({ fromLaneId: L.proposta, campaign: { kind: 'started', campaign: L.contrato, replaced: [L.proposta] } });
    expect(other.body.campaign).toMatchObject({ kind: 'started', campaign: L.contrato, contactName: 'Rita Kanban', replaced: [L.proposta] });
    expect(campIds(await pendingOf(t.contactId))).toEqual([null, L.contrato]);
    // The ticket carries the new lane only.
    expect((await x.admin.call('GET', `/tickets/${t.id}`)).body.tags.map((g: { id: number }) => g.id)).toEqual([L.contrato]);

    const open = await move(t.id, 0);
    expect(open.body).toMatchObject({ fromLaneId: L.contrato, card: { laneId: 0 }, campaign: { kind: 'cleared', removed: 1 } });
    expect(open.body.campaign).toMatchObject({ kind: 'cleared' });
    const left = await pendingOf(t.contactId);
    expect(left.map((s) => s.id)).toEqual([own.id]);
  });

  it('a recurring lane run plans its next 7 days later; a once-only one does not; a run after the ticket left the lane is ERRO ERR_LANE_LEFT, no next', async () => {
    const me = await auth(x.admin);
    const weekly = await x.customer({ queueId: 1 });
    const w = await moveTicketToLane(me, weekly.id, L.semanal, { now: spAt(9, 0), random: () => 0 });
    if (w.campaign.kind !== 'started') throw new Error(`not started: ${JSON.stringify(w.campaign)}`);
    const s = (await getSchedule(x.companyId, w.campaign.scheduleId))!;
    expect(s).toMatchObject({ daysR: 7, campId: L.semanal, status: 'PENDENTE', sendAt: spAt(18, 1).toISOString() });
    expect(await runSchedule(job(s), unique('run'))).toBe('sent');
    expect(await getSchedule(x.companyId, s.id)).toMatchObject({ status: 'ENVIADA', error: null });
    const next = (await pendingOf(weekly.contactId)).find((p) => p.campId === L.semanal) as Schedule;
    expect(next).toMatchObject({ daysR: 7, body: 'Lembrete semanal da sua proposta.' });
    expect(Date.parse(next.sendAt) - Date.parse(s.sendAt)).toBe(7 * 86_400_000);

    // The card goes to a lane without a campaign: the next run stays pending, but is not sent.
    expect((await move(weekly.id, L.semCampanha)).body.campaign).toEqual({ kind: 'none' });
    expect((await getSchedule(x.companyId, next.id))?.status).toBe('PENDENTE');
    expect(await runSchedule(job(next), unique('run'))).toBe('failed');
    expect(await getSchedule(x.companyId, next.id)).toMatchObject({ status: 'ERRO', error: 'ERR_LANE_LEFT', sentAt: null });
    expect(await pendingOf(weekly.contactId)).toEqual([]);
    const bodies = (await queryPartition(`C#${x.companyId}#MSGS#${weekly.id}`)).filter((m) => m.fromMe).map((m) => m.body);
    expect(bodies).toEqual(['Lembrete semanal da sua proposta.']);

    const once = await x.customer({ queueId: 1 });
    const o = await moveTicketToLane(me, once.id, L.unica, { now: spAt(9, 0), random: () => 0 });
    if (o.campaign.kind !== 'started') throw new Error('not started');
    const os = (await getSchedule(x.companyId, o.campaign.scheduleId))!;
    expect(os.daysR).toBe(0);
    expect(await runSchedule(job(os), unique('run'))).toBe('sent');
    expect(await pendingOf(once.contactId)).toEqual([]);
    // The card dropped again into the lane it is in does not start the sent campaign over.
    const again = await move(once.id, L.unica);
    expect(again.body).toMatchObject({ fromLaneId: L.unica, campaign: { kind: 'none' } });
    expect(await pendingOf(once.contactId)).toEqual([]);
  });

  it("a lane without media sends its text: in the contact's conversation and on the sandbox phone", async () => {
    const t = await x.customer({ queueId: 1, name: 'Paulo Telefone' });
    const phone = (await x.admin.call('GET', `/tickets/${t.id}`)).body.contact.number as string;
    const moved = await move(t.id, L.cafe);
    expect(moved.body.campaign.kind).toBe('started');
    const s = (await getSchedule(x.companyId, moved.body.campaign.scheduleId))!;
    expect(s).toMatchObject({ mediaKey: null, body: 'Bom dia! Seu café está pronto.' });
    expect(await runSchedule(job(s), unique('run'))).toBe('sent');
    const msgs = await x.admin.call('GET', `/messages/${t.id}`);
    expect(msgs.body.messages.find((m: { body: string }) => m.body === 'Bom dia! Seu café está pronto.')).toMatchObject({ fromMe: true });
    await until('the phone to receive it', async () => {
      const items = (await x.admin.call('GET', `/sandbox/${x.conn.id}/outbox?limit=100`)).body.items as { to: string; body: string }[];
      return items.some((i) => i.to === phone && i.body === 'Bom dia! Seu café está pronto.');
    });
  });
});

describe('the Active campaigns list', () => {
  it('GET /schedules?lanes=1 keeps the schedules lanes planned, also of one contact and searched, paged without repeats', async () => {
    const t = await x.customer({ queueId: 1, name: 'Lia Campanhas' });
    const own = await createSchedule(x.companyId, { body: 'Agendado à mão para Lia', sendAt: spAt(11, 0, 5).toISOString(), contactId: t.contactId });
    const moved = await move(t.id, L.contrato);
    const laneSchedule = moved.body.campaign.scheduleId as number;
    for (let i = 0; i < 2; i++) expect((await move((await x.customer({ queueId: 1 })).id, L.proposta)).body.campaign.kind).toBe('started');
    const list = async (query: string) => {
      const got: { id: number; campId: number | null }[] = [];
      let cursor: string | undefined;
      do {
        const res = await x.admin.call('GET', `/schedules?${query}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        got.push(...res.body.schedules);
        cursor = res.body.hasMore ? res.body.cursor : undefined;
      } while (cursor);
      return got;
    };
    const lanes = await list('lanes=1');
    expect(lanes.length).toBeGreaterThanOrEqual(3);
    expect(lanes.every((s) => s.campId !== null)).toBe(true);
    expect(new Set(lanes.map((s) => s.id)).size).toBe(lanes.length);
    expect(lanes.map((s) => s.id)).toContain(laneSchedule);
    expect(lanes.map((s) => s.id)).not.toContain(own.id);
    const everything = await list('lanes=0');
    expect(everything.filter((s) => s.campId !== null).map((s) => s.id)).toEqual(lanes.map((s) => s.id));
    expect((await list(`lanes=1&contactId=${t.contactId}`)).map((s) => s.id)).toEqual([laneSchedule]);
    expect((await list(`lanes=1&searchParam=${encodeURIComponent('lia campanhas')}`)).map((s) => s.id)).toEqual([laneSchedule]);
    expect((await list(`contactId=${t.contactId}`)).map((s) => s.id)).toEqual([laneSchedule, own.id]);
  });
});

describe('tag memberships and counts', () => {
  it("follow a tagged ticket through accept, transfer, close, reopen and delete; 'Em aberto' holds it only without a lane", async () => {
    const t = await x.customer({ queueId: 1 });
    const member = async (tagId: number) => (await queryPartition(`C#${x.companyId}#TAGT#${tagId}`)).filter((m) => m.ticketId === t.id).map((m) => ({ at: String(m.SK).slice(0, 1), status: m.status, queueId: m.queueId, userId: m.userId }));
    const count = async (tagId: number) => (await getTag(x.companyId, tagId, true))?.ticketsCount;
    const [vip0, lane0] = [await count(TAG_VIP), await count(L.semCampanha)];
    expect(await member(0)).toEqual([{ at: 'L', status: 'pending', queueId: 1, userId: null }]);

    expect((await x.admin.call('POST', '/tags/sync', { body: { ticketId: t.id, tags: [{ id: TAG_VIP }] } })).status).toBe(200);
    expect((await move(t.id, L.semCampanha)).status).toBe(200);
    expect(await member(TAG_VIP)).toEqual([{ at: 'L', status: 'pending', queueId: 1, userId: null }]);
    expect(await member(L.semCampanha)).toEqual([{ at: 'L', status: 'pending', queueId: 1, userId: null }]);
    expect(await member(0)).toEqual([]);
    expect([await count(TAG_VIP), await count(L.semCampanha)]).toEqual([vip0! + 1, lane0! + 1]);

    expect((await x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { status: 'open' } })).status).toBe(200);
    expect(await member(TAG_VIP)).toEqual([{ at: 'L', status: 'open', queueId: 1, userId: x.a1.id }]);
    expect((await x.admin.call('PUT', `/tickets/${t.id}`, { body: { queueId: 2, userId: x.b.id } })).status).toBe(200);
    expect(await member(L.semCampanha)).toEqual([{ at: 'L', status: 'open', queueId: 2, userId: x.b.id }]);
    expect((await x.b.client.call('PUT', `/tickets/${t.id}`, { body: { status: 'closed', justClose: true } })).status).toBe(200);
    expect(await member(TAG_VIP)).toEqual([{ at: 'C', status: 'closed', queueId: 2, userId: x.b.id }]);
    expect(await member(L.semCampanha)).toEqual([{ at: 'C', status: 'closed', queueId: 2, userId: x.b.id }]);
    // Closed tickets keep their tags: still counted; off the board.
    expect([await count(TAG_VIP), await count(L.semCampanha)]).toEqual([vip0! + 1, lane0! + 1]);
    expect(laneOf((await x.admin.call('GET', '/ticket/kanban')).body, L.semCampanha)).not.toContain(t.id);
    expect((await move(t.id, 0)).body.error).toBe('ERR_TICKET_CLOSED_KANBAN');

    expect((await x.admin.call('PUT', `/tickets/${t.id}`, { body: { status: 'open' } })).status).toBe(200);
    expect(await member(L.semCampanha)).toEqual([{ at: 'L', status: 'open', queueId: 2, userId: x.adminId }]);
    expect(await member(0)).toEqual([]);
    expect((await move(t.id, 0)).status).toBe(200);
    expect(await member(0)).toEqual([{ at: 'L', status: 'open', queueId: 2, userId: x.adminId }]);
    expect(await member(L.semCampanha)).toEqual([]);
    expect([await count(TAG_VIP), await count(L.semCampanha)]).toEqual([vip0! + 1, lane0!]);

    expect((await x.admin.call('DELETE', `/tickets/${t.id}`)).status).toBeLessThan(300);
    expect([await member(0), await member(TAG_VIP)]).toEqual([[], []]);
    expect(await count(TAG_VIP)).toBe(vip0);
  });
});

describe('who sees which cards', () => {
  let seen: { q1: number; q2: number; mine: number; others: number; none: number };
  beforeAll(async () => {
    const [q1, q2, mine, others, none] = [await x.customer({ queueId: 1 }), await x.customer({ queueId: 2 }), await x.customer({ queueId: 1 }), await x.customer({ queueId: 1 }), await x.customer()];
    await x.a1.client.call('PUT', `/tickets/${mine.id}`, { body: { status: 'open' } });
    await x.a2.client.call('PUT', `/tickets/${others.id}`, { body: { status: 'open' } });
    seen = { q1: q1.id, q2: q2.id, mine: mine.id, others: others.id, none: none.id };
    for (const id of Object.values(seen)) expect((await move(id, L.visivel)).status).toBe(200);
  }, 60_000);

  it('an agent gets the cards of the tickets they may see, on the board and in tickets by tag; the queue filter', async () => {
    const all = Object.values(seen).sort((a, b) => b - a);
    const boardOf = async (c: typeof x.admin, query = '') => {
      const res = await c.call('GET', `/ticket/kanban${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return laneOf(res.body, L.visivel);
    };
    const byTag = async (c: typeof x.admin) => ((await c.call('GET', `/api/ticket/ListByTagIsAuth/${L.visivel}`)).body.tickets as { id: number }[]).map((t) => t.id).sort((a, b) => b - a);
    expect(await boardOf(x.admin)).toEqual(all);
    expect(await byTag(x.admin)).toEqual(all);
    expect(await boardOf(x.a1.client)).toEqual([seen.mine, seen.q1]);
    expect(await byTag(x.a1.client)).toEqual([seen.mine, seen.q1]);
    expect(await boardOf(x.b.client)).toEqual([seen.q2]);
    expect(await byTag(x.b.client)).toEqual([seen.q2]);
    // Nor may they move a card they may not see.
    expect((await x.b.client.call('POST', `/ticket/kanban/${seen.q1}/move`, { body: { laneId: 0 } })).status).toBe(403);
    // A card carries what the board shows (spec 3 §3 "Kanban ticket").
    const card = (await x.b.client.call('GET', `/ticket/kanban?laneId=${L.visivel}`)).body.cards[0];
    expect(card).toMatchObject({ id: seen.q2, laneId: L.visivel, tags: [{ id: L.visivel, name: 'Visível' }], contact: { name: expect.any(String), number: expect.any(String) }, lastMessage: 'Olá, preciso de ajuda' });
    // The queue filter (spec 3 §7: a JSON list; a comma list too).
    expect(await boardOf(x.admin, `?queueIds=${encodeURIComponent('[2]')}`)).toEqual([seen.q2]);
    expect(await boardOf(x.admin, '?queueIds=1,2')).toEqual([seen.others, seen.mine, seen.q2, seen.q1].sort((a, b) => b - a));
    expect(await boardOf(x.a1.client, '?queueIds=2')).toEqual([]);
    // The settings widen an agent's view as in the ticket lists.
    await x.admin.call('PUT', '/settings/showTicketWithoutQueue', { body: { value: 'enabled' } });
    try {
      await until('the setting to reach the board', async () => (await boardOf(x.a1.client)).includes(seen.none), 30_000, 500);
    } finally {
      await x.admin.call('PUT', '/settings/showTicketWithoutQueue', { body: { value: 'disabled' } });
    }
    // Another company's agent sees nothing of this lane; an unknown tag is 404.
    const stranger = await newCompany();
    expect((await stranger.admin.call('GET', `/api/ticket/ListByTagIsAuth/${L.visivel}`)).status).toBe(404);
  });

  it('pages one lane by cursor, newest first, without gaps or repeats, also past cards the caller may not see', async () => {
    const theirs: number[] = [];
    for (let i = 0; i < 7; i++) {
      const q2 = await x.customer({ queueId: 2 });
      const q1 = await x.customer({ queueId: 1 });
      for (const id of [q2.id, q1.id]) expect((await move(id, L.paginas)).status).toBe(200);
      theirs.push(q2.id);
    }
    const pages = async (c: typeof x.admin, limit: number) => {
      const got: number[] = [];
      let cursor: string | undefined;
      let n = 0;
      do {
        const res = await c.call('GET', `/ticket/kanban?laneId=${L.paginas}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        expect(res.body.cards.length).toBeLessThanOrEqual(limit);
        got.push(...cardIds(res.body));
        cursor = res.body.hasMore ? res.body.cursor : undefined;
        if (res.body.hasMore) expect(cursor).toBeTruthy();
      } while (cursor && ++n < 20);
      return got;
    };
    expect(await pages(x.b.client, 3)).toEqual(theirs.sort((a, b) => b - a));
    const everyone = await pages(x.admin, 4);
    expect(everyone).toHaveLength(14);
    expect(new Set(everyone).size).toBe(14);
    expect(everyone).toEqual([...everyone].sort((a, b) => b - a));
    // The board's first page of the lane is the first page of it alone.
    expect(laneOf((await x.b.client.call('GET', '/ticket/kanban?limit=3')).body, L.paginas)).toEqual(theirs.slice(0, 3));
  });
});

describe('a board of 2,000 open tickets', () => {
  it('opens reading one page per lane: the consumed read units stay bounded, whatever the lanes hold', async () => {
    const { admin, companyId } = await newCompany();
    const conn = await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox Board', channel: 'sandbox' } });
    const lanes = [31, 32, 33];
    for (const [i, id] of lanes.entries()) await putLane(companyId, id, `Etapa ${i + 1}`);
    const me = await auth(admin);
    const seedSome = (count: number, firstId: number) => seedTickets({ companyId, whatsappId: conn.body.id, count, firstId, agents: [me.userId], status: 'open', lanes });
    await seedSome(2_000, 1);
    const counts = await Promise.all(lanes.map(async (id) => (await getTag(companyId, id, true))?.ticketsCount));
    expect(counts.reduce((a, b) => a! + b!, 0)).toBe(2_000);

    await kanbanBoard(me, {}); // warm the caches (settings, plan) as a running container has them
    takeUnits();
    const board = await kanbanBoard(me, {});
    const boardUnits = takeUnits();
    expect(board.lanes.map((l) => [l.laneId, l.cards.length, l.hasMore])).toEqual([[0, 0, false], ...lanes.map((id) => [id, 20, true])]);
    // Newest first: the lane's 20 highest ids.
    expect(cardIds(board.lanes[1]!)).toEqual(Array.from({ length: 20 }, (_, i) => 1999 - 3 * i));

    const second = board.lanes[1]!;
    takeUnits();
    const page = await kanbanLane(me, lanes[0]!, { cursor: second.cursor });
    const laneUnits = takeUnits();
    expect(cardIds(page)).toEqual(Array.from({ length: 20 }, (_, i) => 1939 - 3 * i));

    // 60 cards: their tickets (a BatchGet, 0.5 unit an item of up to 4 KB, eventually consistent;
    // the contact card rides on the ticket) and one Query page of memberships per lane (measured:
    // 33.5 and 11). Reading the lanes whole would be 2,000 tickets, over 1,000 units.
    console.log(`board of 2,000: ${boardUnits.read} RCU in ${boardUnits.calls} calls; one lane page: ${laneUnits.read} RCU in ${laneUnits.calls} calls`);
    expect(boardUnits.write).toBe(0);
    expect(boardUnits.read).toBeLessThanOrEqual(45);
    expect(laneUnits.read).toBeLessThanOrEqual(15);

    // Five times the tickets (10,000 in the lanes): the same first page costs the same.
    await seedSome(8_000, 2_001);
    await kanbanBoard(me, {}); // the settings' cache has expired meanwhile
    takeUnits();
    const bigger = await kanbanBoard(me, {});
    const biggerUnits = takeUnits();
    expect(cardIds(bigger.lanes[1]!)[0]).toBe(9_999);
    expect(biggerUnits.read).toBeLessThanOrEqual(boardUnits.read + 1);
  }, 240_000);
});
