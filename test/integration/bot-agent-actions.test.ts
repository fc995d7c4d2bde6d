/**
 * What the customer hears when agents act (BEHAVIOUR.md "Agent actions"): the greeting on accept
 * (`sendGreetingAccepted`), the transfer notice (`sendMsgTransfTicket`), the farewell of a pending
 * ticket only with `sendFarewellWaitingTicket`; a resolve refused without a rating when
 * `userRating` is on; and idle open tickets closed by the tick (`hoursCloseTicketsAuto`), silently.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { closeIdleTickets } from '../../functions/src/domain/tickets/auto-close';
import { PASSWORD, type Client } from '../support/api';
import { botCompany, customerNumber, Customer, makeQueue, setConnection, setSetting, type QueueMade } from '../support/bot-chat';
import { queryPartition } from '../support/db';

let admin: Client;
let companyId: number;
let wid: number;
let vendas: QueueMade;
let suporte: QueueMade;
let agent: { id: number; name: string };
let third: { id: number };
let seq = 0;
const customer = (name: string) => new Customer(admin, companyId, wid, customerNumber('55119666', 3, ++seq), name);

async function ticketOf(c: Customer): Promise<Record<string, any>> {
  const { ticketId } = await c.stored(c.ids[c.ids.length - 1]!);
  return (await queryPartition(`C#${companyId}#TICKETS`)).find((t) => t.id === ticketId)!;
}

/** A customer routed by the bot to Vendas (pending, no agent). */
async function inVendas(name: string): Promise<{ c: Customer; ticketId: number }> {
  const c = customer(name);
  await c.say('Oi');
  expect(await c.next(1)).toEqual(['Escolha o setor:\n\n*1* - Vendas\n*2* - Suporte']);
  await c.say('1');
  expect(await c.next(1)).toEqual(['Bem-vindo a Vendas!']);
  return { c, ticketId: (await ticketOf(c)).id };
}

const put = async (ticketId: number, body: Record<string, unknown>) => admin.call('PUT', `/tickets/${ticketId}`, { body });

beforeAll(async () => {
  ({ admin, companyId, wid } = await botCompany({ greetingMessage: 'Escolha o setor:', complationMessage: 'Obrigado pelo contato!' }));
  vendas = await makeQueue(admin, { name: 'Vendas', orderQueue: 1, greetingMessage: 'Bem-vindo a Vendas!' });
  suporte = await makeQueue(admin, { name: 'Suporte', orderQueue: 2, greetingMessage: 'Bem-vindo ao Suporte!' });
  await setConnection(admin, wid, { queueIds: [vendas.id, suporte.id] });
  const res = await admin.call('POST', '/users', { body: { name: 'Agente Dois', email: `agente-dois-${Date.now()}@example.test`, password: PASSWORD, profile: 'user', queueIds: [vendas.id, suporte.id] } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  agent = { id: res.body.id, name: 'Agente Dois' };
  const res3 = await admin.call('POST', '/users', { body: { name: 'Agente Três', email: `agente-tres-${Date.now()}@example.test`, password: PASSWORD, profile: 'user', queueIds: [vendas.id] } });
  expect(res3.status, JSON.stringify(res3.body)).toBe(201);
  third = { id: res3.body.id };
  await setSetting(admin, 'sendSignMessage', 'disabled');
}, 120_000);

describe('agent actions the customer hears of', () => {
  it('accept greets with the agent name (sendGreetingAccepted) and turns the bot off; disabled, accept says nothing', async () => {
    await setSetting(admin, 'sendGreetingAccepted', 'enabled');
    const { c, ticketId } = await inVendas('Lúcia Aceita');
    const accepted = await put(ticketId, { status: 'open' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'open', isBot: false });
    expect(await c.next(1)).toEqual(['Olá *Lúcia Aceita*, meu nome é *Admin Teste* e agora vou prosseguir com seu atendimento!']);
    await c.say('2');
    await c.nothing();

    await setSetting(admin, 'sendGreetingAccepted', 'disabled');
    const quiet = await inVendas('Mário Silencioso');
    expect((await put(quiet.ticketId, { status: 'open' })).status).toBe(200);
    await quiet.c.say('Obrigado');
    await quiet.c.nothing();
  }, 90_000);

  it('transfer tells the customer the new queue, both, or the new agent (sendMsgTransfTicket); disabled, nothing', async () => {
    await setSetting(admin, 'sendMsgTransfTicket', 'enabled');
    const { c, ticketId } = await inVendas('Nina Transferida');
    expect((await put(ticketId, { status: 'open' })).status).toBe(200);
    const toQueue = await put(ticketId, { queueId: suporte.id });
    expect(toQueue.body).toMatchObject({ queueId: suporte.id, status: 'pending', userId: null, isBot: false });
    expect(await c.next(1)).toEqual(['*Mensagem Automática*:\nVocê foi transferido para o departamento *Suporte*.\nAguarde, já vamos te atender!']);
    const both = await put(ticketId, { userId: agent.id, queueId: vendas.id, status: 'open' });
    expect(both.body).toMatchObject({ queueId: vendas.id, userId: agent.id, status: 'open' });
    expect(await c.next(1)).toEqual(['*Mensagem Automática*:\nVocê foi transferido para o departamento *Vendas* e será atendido por *Agente Dois*.\nAguarde, já vamos te atender!']);
    const toAgent = await put(ticketId, { userId: third.id, status: 'open' });
    expect(toAgent.body).toMatchObject({ queueId: vendas.id, userId: third.id, status: 'open' });
    expect(await c.next(1)).toEqual(['*Mensagem Automática*:\nVocê foi transferido para o atendente *Agente Três*.\nAguarde, já vamos te atender!']);

    await setSetting(admin, 'sendMsgTransfTicket', 'disabled');
    expect((await put(ticketId, { queueId: suporte.id })).status).toBe(200);
    await c.say('E agora?');
    await c.nothing();
  }, 90_000);

  it("closing a pending ticket with farewell sends it only with sendFarewellWaitingTicket; with userRating a resolve needs the rating ('Avaliação obrigatória'), a plain close passes", async () => {
    const first = await inVendas('Olga Pendente');
    expect((await put(first.ticketId, { status: 'closed', sendFarewellMessage: true })).body.status).toBe('closed');
    // No farewell came: the customer's next message opens a new ticket and gets just the menu.
    await first.c.say('Tchau');
    expect(await first.c.next(1)).toEqual(['Escolha o setor:\n\n*1* - Vendas\n*2* - Suporte']);

    await setSetting(admin, 'sendFarewellWaitingTicket', 'enabled');
    const second = await inVendas('Paulo Pendente');
    expect((await put(second.ticketId, { status: 'closed', sendFarewellMessage: true })).body.status).toBe('closed');
    expect(await second.c.next(1)).toEqual(['Obrigado pelo contato!']);

    await setSetting(admin, 'userRating', 'enabled');
    const rated = await inVendas('Quitéria Avaliada');
    expect((await put(rated.ticketId, { status: 'open' })).status).toBe(200);
    const refused = await put(rated.ticketId, { status: 'closed', sendFarewellMessage: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'ERR_RATING_REQUIRED', message: 'Avaliação obrigatória' });
    expect((await put(rated.ticketId, { status: 'closed' })).body.error).toBe('ERR_RATING_REQUIRED');
    expect((await admin.call('GET', `/tickets/${rated.ticketId}`)).body.status).toBe('open');
    const closed = await put(rated.ticketId, { status: 'closed', justClose: true });
    expect(closed.body.status).toBe('closed');
    await setSetting(admin, 'userRating', 'disabled');
    await setSetting(admin, 'sendFarewellWaitingTicket', 'disabled');
  }, 90_000);
});

describe('hoursCloseTicketsAuto', () => {
  it('the tick closes open tickets idle for the hours set, silently; recent, pending and other companies’ tickets stay', async () => {
    const idle = await inVendas('Rita Ociosa');
    const recent = await inVendas('Sara Recente');
    const waiting = await inVendas('Tiago Esperando');
    for (const t of [idle, recent]) expect((await put(t.ticketId, { status: 'open' })).status).toBe(200);
    const other = await botCompany();
    const otherCustomer = new Customer(other.admin, other.companyId, other.wid, '5511966600099', 'Outra Empresa');
    await otherCustomer.say('Oi');
    const otherTicket = (await otherCustomer.stored(otherCustomer.ids[0]!)).ticketId;
    expect((await other.admin.call('PUT', `/tickets/${otherTicket}`, { body: { status: 'open' } })).status).toBe(200);

    await setSetting(admin, 'hoursCloseTicketsAuto', '2');
    const now = Date.now();
    // Sara writes again two hours from now; the tick runs 2 h 1 min from now.
    await recent.c.deliver('Ainda preciso de ajuda', { timestamp: now + 2 * 3_600_000 });
    // The tick's job at that time (the whole tick at a future time would also expire other tests' rating waits).
    expect(await closeIdleTickets(new Date(now + 2 * 3_600_000 + 60_000))).toBeGreaterThanOrEqual(1);

    const status = async (cid: number, id: number) => (await queryPartition(`C#${cid}#TICKETS`)).find((t) => t.id === id)!.status;
    expect(await status(companyId, idle.ticketId)).toBe('closed');
    expect(await status(companyId, recent.ticketId)).toBe('open');
    expect(await status(companyId, waiting.ticketId)).toBe('pending');
    expect(await status(other.companyId, otherTicket)).toBe('open');
    // Silently: nothing reached Rita's phone; the lists hear of it (closed list, not open).
    await idle.c.nothing(1000);
    const closedList = await admin.call('GET', '/tickets?status=closed&showAll=true');
    expect(closedList.body.tickets.map((t: { id: number }) => t.id)).toContain(idle.ticketId);

    // Off: a later tick closes nothing more.
    await setSetting(admin, 'hoursCloseTicketsAuto', '');
    await closeIdleTickets(new Date(now + 48 * 3_600_000));
    expect(await status(companyId, recent.ticketId)).toBe('open');
  }, 120_000);
});
