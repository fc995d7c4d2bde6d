/**
 * Resolve with a rating, through the sandbox phone (spec 1 §4 "resolve and send rating",
 * BEHAVIOUR.md inbound step 5 and "Agent actions"): the customer's phone receives the menu, the
 * closed ticket waits; a valid answer stores the rating once and brings the completion message
 * and moves the satisfaction dashboard; anything else ends the wait and goes on as a normal
 * message (the ticket reopens within the connection's reopen window); a wait that runs out sends
 * the completion message, once however often the tick runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATING_WAIT_MS } from '../../shared/src/constants';
import { getTicket } from '../../functions/src/adapters/db/tickets';
import { expireRatingWaits } from '../../functions/src/domain/ratings/expire-rating-waits';
import { takeRatingAnswer } from '../../functions/src/domain/ratings/rating-answer';
import { PASSWORD, newCompany, signedIn, unique, type Client } from '../support/api';
import { queryPartition } from '../support/db';
import { openSocket } from '../support/socket';
import { pairSandbox, until } from '../support/sandbox';

let admin: Client;
let agent: Client;
let adminId: number;
let companyId: number;
let wid: number;
let ratingId: number;
let socket: Awaited<ReturnType<typeof openSocket>>;

const MENU = 'Sua opinião é muito importante para nós!\n\nComo foi o atendimento?\n\n*1* - Ótimo\n*2* - Regular\n*3* - Ruim';
const DONE = 'Atendimento finalizado. Obrigado!';

type OutboxItem = { to: string; body: string; externalId: string };
const outbox = async (): Promise<OutboxItem[]> => (await admin.call('GET', `/sandbox/${wid}/outbox?limit=100`)).body.items;
const received = async (phone: string) => (await outbox()).filter((i) => i.to === phone).map((i) => i.body);
const ticketItem = async (id: number) => (await queryPartition(`C#${companyId}#TICKETS`)).find((i) => Number(i.id) === id)!;
const dueItems = async (ticketId: number) => (await queryPartition('P#DUE#RATING')).filter((i) => i.companyId === companyId && i.ticketId === ticketId);
/** Today in the company's days, DD/MM/YYYY. */
const today = () => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
const dashboard = async () => (await admin.call('GET', `/satisfaction?startDate=${today()}&endDate=${today()}`)).body;

/** A customer writes; answers their ticket, accepted by the admin (so the admin is rated). */
async function customerTicket(phone: string, name: string): Promise<number> {
  expect((await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from: phone, name, body: 'Olá, preciso de ajuda' } })).status).toBe(202);
  const ev = await socket.waitFor((e) => e.channel === `company-${companyId}-appMessage` && e.data.action === 'create' && (e.data.ticket as { contact: { number: string } }).contact.number === phone, 20_000);
  const ticketId = (ev.data.ticket as { id: number }).id;
  const accepted = await admin.call('PUT', `/tickets/${ticketId}`, { body: { status: 'open' } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return ticketId;
}

/** The admin resolves with the rating; the phone shows the menu; the closed ticket waits. */
async function resolveWithRating(ticketId: number, phone: string): Promise<string> {
  const before = Date.now();
  const res = await admin.call('POST', `/ratings/messages/${ticketId}`, { body: { ratingId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ id: ticketId, status: 'closed' });
  await until('the menu on the phone', async () => (await received(phone)).includes(MENU));
  const t = await ticketItem(ticketId);
  expect(t.status).toBe('closed');
  expect(t.ratingWait).toMatchObject({ ratingId, userId: adminId });
  const waitEnds = Date.parse(t.ratingWait.until);
  expect(waitEnds).toBeGreaterThanOrEqual(before + RATING_WAIT_MS);
  expect(waitEnds).toBeLessThanOrEqual(Date.now() + RATING_WAIT_MS);
  expect(await dueItems(ticketId)).toHaveLength(1);
  return t.ratingWait.until as string;
}

beforeAll(async () => {
  ({ admin, companyId } = await newCompany());
  adminId = (await admin.call('GET', '/auth/me')).body.id;
  const email = `${unique('agente')}@example.test`;
  expect((await admin.call('POST', '/users', { body: { name: 'Agente Sem Fila', email, password: PASSWORD } })).status).toBe(201);
  agent = await signedIn(email);
  const conn = await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox Avaliação', channel: 'sandbox', ratingMessage: 'Sua opinião é muito importante para nós!', complationMessage: DONE, reopenWindowMinutes: 60 } });
  expect(conn.status, JSON.stringify(conn.body)).toBe(201);
  wid = conn.body.id;
  socket = await openSocket(admin.token!);
  await pairSandbox(admin, wid);
  const rating = await admin.call('POST', '/ratings', { body: { name: 'Satisfação', message: 'Como foi o atendimento?', geral: true, options: [{ name: 'Ótimo', value: 3 }, { name: 'Regular', value: 2 }, { name: 'Ruim', value: 1 }] } });
  expect(rating.status).toBe(201);
  ratingId = rating.body.id;
}, 90_000);
afterAll(() => socket?.close());

describe('resolve with a rating', () => {
  it('refusals change nothing: an unknown rating, a ticket the agent may not see, a closed ticket', async () => {
    const ticketId = await customerTicket('5511970000001', 'Cliente Recusas');
    const unknown = await admin.call('POST', `/ratings/messages/${ticketId}`, { body: { ratingId: 9999 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ERR_NO_RATING_FOUND');
    // The agent has no queue and the ticket is the admin's.
    expect((await agent.call('POST', `/ratings/messages/${ticketId}`, { body: { ratingId } })).status).toBe(403);
    expect((await ticketItem(ticketId)).status).toBe('open');
    expect(await received('5511970000001')).toEqual([]);

    expect((await admin.call('PUT', `/tickets/${ticketId}`, { body: { status: 'closed', justClose: true } })).status).toBe(200);
    const closed = await admin.call('POST', `/ratings/messages/${ticketId}`, { body: { ratingId } });
    expect(closed.status).toBe(409);
    expect(closed.body.error).toBe('ERR_TICKET_ALREADY_CLOSED');
    expect(await dueItems(ticketId)).toEqual([]);
  }, 60_000);

  it('a valid answer stores the rating once, brings the completion message and moves the dashboard', async () => {
    const phone = '5511970000002';
    const before = await dashboard();
    expect(before.totalResponses).toBe(0);
    const ticketId = await customerTicket(phone, 'Cliente Satisfeita');
    await resolveWithRating(ticketId, phone);

    expect((await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from: phone, name: 'Cliente Satisfeita', body: ' 1 ', id: 'ANSWER1' } })).status).toBe(202);
    await until('the completion message on the phone', async () => (await received(phone)).includes(DONE));
    expect(await received(phone)).toEqual([MENU, DONE]);

    const t = await ticketItem(ticketId);
    expect(t.status).toBe('closed');
    expect(t.ratingWait).toBeUndefined();
    expect(t.ratedAt).toBeDefined();
    expect(await dueItems(ticketId)).toEqual([]);
    const answers = await queryPartition(`C#${companyId}#RATED`);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ ticketId, ratingId, userId: adminId, option: 'Ótimo', value: 3, level: 5 });

    expect(await dashboard()).toEqual({
      totalResponses: 1,
      averageScore: 5,
      veryDissatisfied: 0,
      dissatisfied: 0,
      neutral: 0,
      satisfied: 0,
      verySatisfied: 1,
      agents: [{ userId: adminId, name: 'Admin Teste', insatisfeito: 0, indiferentes: 0, satisfeito: 1, notaMedia: 5 }],
    });

    // The same channel message again (a redelivery) counts nothing and sends nothing more.
    expect((await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from: phone, name: 'Cliente Satisfeita', body: '1', id: 'ANSWER1' } })).status).toBe(202);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await received(phone)).toEqual([MENU, DONE]);
    expect((await dashboard()).totalResponses).toBe(1);
    expect((await ticketItem(ticketId)).status).toBe('closed');
  }, 60_000);

  it('anything else ends the wait: no rating, no completion; the text is a normal message and the ticket reopens', async () => {
    const phone = '5511970000003';
    const ticketId = await customerTicket(phone, 'Cliente Com Dúvida');
    await resolveWithRating(ticketId, phone);

    expect((await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from: phone, name: 'Cliente Com Dúvida', body: 'Na verdade ainda tenho uma dúvida' } })).status).toBe(202);
    const t = await until('the ticket reopened', async () => {
      const item = await ticketItem(ticketId);
      return item.status !== 'closed' ? item : undefined;
    });
    expect(t).toMatchObject({ status: 'pending', userId: null, lastMessage: 'Na verdade ainda tenho uma dúvida' });
    expect(t.ratingWait).toBeUndefined();
    expect(t.ratedAt).toBeUndefined();
    expect(await dueItems(ticketId)).toEqual([]);
    const messages = (await admin.call('GET', `/messages/${ticketId}`)).body.messages.map((m: { body: string }) => m.body);
    expect(messages).toContain('Na verdade ainda tenho uma dúvida');

    // A '1' now is just a message: the wait is over.
    expect((await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from: phone, name: 'Cliente Com Dúvida', body: '1' } })).status).toBe(202);
    await until('the second message stored', async () => (await ticketItem(ticketId)).lastMessage === '1');
    expect(await received(phone)).toEqual([MENU]);
    expect((await dashboard()).totalResponses).toBe(1);
    expect((await queryPartition(`C#${companyId}#RATED`)).filter((a) => a.ticketId === ticketId)).toEqual([]);
  }, 60_000);

  it('a wait that runs out sends the completion message once, however often the tick runs', async () => {
    const phone = '5511970000004';
    const ticketId = await customerTicket(phone, 'Cliente Calada');
    const waitUntil = await resolveWithRating(ticketId, phone);

    // Not due yet: nothing happens.
    expect(await expireRatingWaits(new Date(Date.parse(waitUntil) - 1_000))).toBe(0);
    expect((await ticketItem(ticketId)).ratingWait).toBeDefined();

    const after = new Date(Date.parse(waitUntil) + 1);
    const [first, second] = await Promise.all([expireRatingWaits(after), expireRatingWaits(after)]);
    expect(first + second).toBe(1);
    expect(await expireRatingWaits(after)).toBe(0);
    await until('the completion message on the phone', async () => (await received(phone)).includes(DONE));
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await received(phone)).toEqual([MENU, DONE]);

    const t = await ticketItem(ticketId);
    expect(t.status).toBe('closed');
    expect(t.ratingWait).toBeUndefined();
    expect(t.ratedAt).toBeUndefined();
    expect(await dueItems(ticketId)).toEqual([]);
    expect((await dashboard()).totalResponses).toBe(1);

    // After the wait, an answer is a normal message again.
    expect((await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from: phone, name: 'Cliente Calada', body: '1' } })).status).toBe(202);
    await until('the ticket reopened', async () => (await ticketItem(ticketId)).status === 'pending');
    expect((await dashboard()).totalResponses).toBe(1);
  }, 60_000);

  it("with 'userRating' on, a plain resolve is refused and a resolve with a rating goes through", async () => {
    expect((await admin.call('PUT', '/settings/userRating', { body: { value: 'enabled' } })).status).toBe(200);
    const phone = '5511970000005';
    const ticketId = await customerTicket(phone, 'Cliente Obrigatória');
    const plain = await admin.call('PUT', `/tickets/${ticketId}`, { body: { status: 'closed' } });
    expect(plain.body.error).toBe('ERR_RATING_REQUIRED');
    expect((await ticketItem(ticketId)).status).toBe('open');
    await resolveWithRating(ticketId, phone);
    expect((await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from: phone, name: 'Cliente Obrigatória', body: 'ruim' } })).status).toBe(202);
    await until('the completion message on the phone', async () => (await received(phone)).includes(DONE));
    const view = await dashboard();
    expect(view).toMatchObject({ totalResponses: 2, averageScore: 3.5, veryDissatisfied: 0, dissatisfied: 1, verySatisfied: 1 });
    // Level 2 ('Ruim' = 1 of 3) is insatisfeito; the admin's mean level is (5 + 2) / 2.
    expect(view.agents).toEqual([{ userId: adminId, name: 'Admin Teste', insatisfeito: 1, indiferentes: 0, satisfeito: 1, notaMedia: 3.5 }]);
  }, 60_000);

  it('an answer handled twice (the worker stopped after storing it, before the message) counts once and completes once', async () => {
    const phone = '5511970000006';
    const ticketId = await customerTicket(phone, 'Cliente Repetida');
    await resolveWithRating(ticketId, phone);
    const answer = { body: '2', id: 'lqx0000000ANSWER' };
    const at = new Date();
    expect(await takeRatingAnswer((await getTicket(companyId, ticketId))!, answer, at)).toBe('rated');
    // The redelivery reads the ticket again: rated, no wait any more.
    expect(await takeRatingAnswer((await getTicket(companyId, ticketId))!, answer, at)).toBe('rated');
    // Another text on the rated ticket is no answer.
    expect(await takeRatingAnswer((await getTicket(companyId, ticketId))!, { body: '1', id: 'lqx0000001OTHER' }, new Date())).toBe('none');
    await until('the completion message on the phone', async () => (await received(phone)).includes(DONE));
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await received(phone)).toEqual([MENU, DONE]);
    expect((await queryPartition(`C#${companyId}#RATED`)).filter((a) => a.ticketId === ticketId)).toHaveLength(1);
    // 'Regular' = 2 of 3: level 4, satisfied.
    expect(await dashboard()).toMatchObject({ totalResponses: 3, satisfied: 1, averageScore: 3.67 });
  }, 60_000);
});
