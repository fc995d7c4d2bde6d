/**
 * The bot's menus through the sandbox phone (BEHAVIOUR.md "Inbound message" steps 8 and 10): the
 * queue menu with several queues and with one, option trees walked down and back up with '#',
 * an option without a message that leads nowhere, forward to another queue, hand-over to an
 * agent with the queue position and a random online agent, and when the bot keeps quiet
 * (a disableBot contact, an agent's message, groups, a redelivered message). Every text the
 * customer's phone receives is asserted exactly.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signedIn, unique, type Client } from '../support/api';
import { botCompany, customerNumber, Customer, makeQueue, setConnection, setSetting, type QueueMade } from '../support/bot-chat';
import { queryPartition } from '../support/db';
import { runInbound, text } from '../support/inbound';
import { openSocket } from '../support/socket';
import { until } from '../support/sandbox';

let admin: Client;
let companyId: number;
let wid: number;
let vendas: QueueMade;
let suporte: QueueMade;
let financeiro: QueueMade;
let phoneSeq = 0;
const customer = (name = 'Cliente Teste') => new Customer(admin, companyId, wid, customerNumber('55119', 6, ++phoneSeq), name);

const QUEUE_MENU = 'Olá! Escolha o setor:\n\n*1* - Vendas\n*2* - Suporte';
const SUPORTE_MENU = 'Suporte técnico, escolha:\n\n*1* - Internet\n*2* - Segunda via\n*3* - Sem mensagem\n*4* - Financeiro\n\n*#* - Voltar ao menu inicial';
const INTERNET_MENU = 'Problemas com a internet:\n\n*1* - Sem conexão\n*2* - Falar com atendente\n\n*#* - Voltar ao menu anterior';

async function ticketOf(c: Customer): Promise<Record<string, any>> {
  const { ticketId } = await c.stored(c.ids[c.ids.length - 1]!);
  const items = await queryPartition(`C#${companyId}#TICKETS`);
  return items.find((t) => t.id === ticketId)!;
}

beforeAll(async () => {
  ({ admin, companyId, wid } = await botCompany({ greetingMessage: 'Olá! Escolha o setor:' }));
  financeiro = await makeQueue(admin, { name: 'Financeiro', orderQueue: 3, greetingMessage: 'Financeiro, escolha:', chatbots: [{ name: 'Boletos', greetingMessage: 'Boletos vencidos: pague pelo site com juros do dia.' }] });
  vendas = await makeQueue(admin, { name: 'Vendas', orderQueue: 1, greetingMessage: 'Bem-vindo ao setor de Vendas!' });
  suporte = await makeQueue(admin, {
    name: 'Suporte',
    orderQueue: 2,
    greetingMessage: 'Suporte técnico, escolha:',
    chatbots: [
      {
        name: 'Internet',
        greetingMessage: 'Problemas com a internet:',
        options: [
          { name: 'Sem conexão', greetingMessage: 'Reinicie o modem e aguarde 2 minutos.' },
          { name: 'Falar com atendente', greetingMessage: 'Um atendente já vai falar com você.', isAgent: true },
        ],
      },
      { name: 'Segunda via', greetingMessage: 'Acesse o site para a segunda via do boleto.' },
      { name: 'Sem mensagem', greetingMessage: '', options: [{ name: 'Escondida', greetingMessage: 'Nunca vista' }] },
      { name: 'Financeiro', greetingMessage: 'Vou te passar para o financeiro.', forwardQueueId: financeiro.id },
    ],
  });
  // Financeiro is not on the connection: reached only by the forward.
  await setConnection(admin, wid, { queueIds: [suporte.id, vendas.id] });
}, 120_000);

describe('the queue menu and option trees', () => {
  it('several queues: the menu until a number picks one; options down, a leaf, an option without message, # up to the queue menu; a queue without options greets and waits', async () => {
    const c = customer('Joana Menu');
    await c.say('Oi');
    expect(await c.next(1)).toEqual([QUEUE_MENU]);
    await c.say('quero ajuda');
    expect(await c.next(1)).toEqual([QUEUE_MENU]);
    await c.say('7');
    expect(await c.next(1)).toEqual([QUEUE_MENU]);
    await c.say('2');
    expect(await c.next(1)).toEqual([SUPORTE_MENU]);
    expect(await ticketOf(c)).toMatchObject({ queueId: suporte.id, status: 'pending', userId: null, isBot: true });
    await c.say('1');
    expect(await c.next(1)).toEqual([INTERNET_MENU]);
    await c.say('1');
    expect(await c.next(1)).toEqual(['Reinicie o modem e aguarde 2 minutos.']);
    await c.say('9');
    expect(await c.next(1)).toEqual([INTERNET_MENU]);
    await c.say('#');
    expect(await c.next(1)).toEqual([SUPORTE_MENU]);
    await c.say('3');
    expect(await c.next(1)).toEqual([SUPORTE_MENU]);
    await c.say('2');
    expect(await c.next(1)).toEqual(['Acesse o site para a segunda via do boleto.']);
    await c.say('#');
    expect(await c.next(1)).toEqual([QUEUE_MENU]);
    expect(await ticketOf(c)).toMatchObject({ queueId: null, amountUsedBotQueues: 4 });
    await c.say('1');
    expect(await c.next(1)).toEqual(['Bem-vindo ao setor de Vendas!']);
    const t = await ticketOf(c);
    expect(t).toMatchObject({ queueId: vendas.id, status: 'pending', isBot: true, botState: { queueId: vendas.id, optionId: null } });
    // The agents' view: the queue and the bot flag.
    const view = await admin.call('GET', `/tickets/${t.id}`);
    expect(view.body).toMatchObject({ queueId: vendas.id, isBot: true, status: 'pending' });
    await c.say('Alguém aí?');
    await c.nothing();
  }, 120_000);

  it('an option forwards to another queue, which greets with its own menu', async () => {
    const c = customer('Pedro Forward');
    await c.say('Boa tarde');
    expect(await c.next(1)).toEqual([QUEUE_MENU]);
    await c.say('2');
    expect(await c.next(1)).toEqual([SUPORTE_MENU]);
    await c.say('4');
    expect(await c.next(2)).toEqual(['Vou te passar para o financeiro.', 'Financeiro, escolha:\n\n*1* - Boletos\n\n*#* - Voltar ao menu inicial']);
    expect(await ticketOf(c)).toMatchObject({ queueId: financeiro.id, isBot: true });
    await c.say('1');
    expect(await c.next(1)).toEqual(['Boletos vencidos: pague pelo site com juros do dia.']);
  }, 90_000);

  it('hand-over: the bot stops, a random online agent of the queue is set (still pending) and the customer hears their place in the queue', async () => {
    await setSetting(admin, 'sendQueuePosition', 'enabled');
    await setSetting(admin, 'userRandom', 'enabled');
    const mk = async (name: string, queueIds: number[]) => {
      const email = `${unique('agente')}@example.test`;
      const res = await admin.call('POST', '/users', { body: { name, email, password: PASSWORD, profile: 'user', queueIds } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { id: res.body.id as number, client: await signedIn(email) };
    };
    const online = await mk('Agente Suporte', [suporte.id]);
    await mk('Agente Ausente', [suporte.id]);
    const otherQueue = await mk('Agente Vendas', [vendas.id]);
    const sockets = await Promise.all([openSocket(online.client.token!), openSocket(otherQueue.client.token!)]);
    try {
      await until('agents online', async () => {
        const users = await queryPartition(`C#${companyId}#USERS`);
        return [online.id, otherQueue.id].every((id) => users.find((u) => u.id === id)?.online === true);
      });
      const walk = async (c: Customer) => {
        await c.say('Oi');
        expect(await c.next(1)).toEqual([QUEUE_MENU]);
        await c.say('2');
        expect(await c.next(1)).toEqual([SUPORTE_MENU]);
        await c.say('1');
        expect(await c.next(1)).toEqual([INTERNET_MENU]);
        await c.say('2');
      };
      const first = customer('Ana Fila');
      await walk(first);
      expect(await first.next(2)).toEqual(['Um atendente já vai falar com você.', '*Você está na posição 1 da fila.*']);
      expect(await ticketOf(first)).toMatchObject({ queueId: suporte.id, status: 'pending', isBot: false, userId: online.id });
      const second = customer('Bruno Fila');
      await walk(second);
      expect(await second.next(2)).toEqual(['Um atendente já vai falar com você.', '*Você está na posição 2 da fila.*']);
      // The bot is off: the customer now waits for the agent.
      await first.say('Olá?');
      await first.nothing();
    } finally {
      sockets.forEach((s) => s.close());
      await setSetting(admin, 'sendQueuePosition', 'disabled');
      await setSetting(admin, 'userRandom', 'disabled');
    }
  }, 120_000);
});

describe('one queue on the connection', () => {
  it('the ticket gets the queue and its greeting (sendGreetingMessageOneQueues); disabled, no greeting; a queue with options shows them without the # line', async () => {
    const one = await botCompany({ greetingMessage: 'Não usada com uma fila' });
    const unica = await makeQueue(one.admin, { name: 'Atendimento', greetingMessage: 'Fila única, seja bem-vindo!' });
    await setConnection(one.admin, one.wid, { queueIds: [unica.id] });
    const c = new Customer(one.admin, one.companyId, one.wid, '5511933330001', 'Carla Única');
    await c.say('Oi');
    expect(await c.next(1)).toEqual(['Fila única, seja bem-vindo!']);
    await c.say('Tudo bem?');
    await c.nothing();

    await setSetting(one.admin, 'sendGreetingMessageOneQueues', 'disabled');
    const quiet = new Customer(one.admin, one.companyId, one.wid, '5511933330002', 'Davi Quieto');
    await quiet.say('Oi');
    await quiet.nothing();
    const tickets = await queryPartition(`C#${one.companyId}#TICKETS`);
    expect(tickets.map((t) => t.queueId)).toEqual([unica.id, unica.id]);

    await setSetting(one.admin, 'sendGreetingMessageOneQueues', 'enabled');
    const res = await one.admin.call('PUT', `/queue/${unica.id}`, { body: { chatbots: [{ name: 'Horários', greetingMessage: 'Das 8h às 18h.' }] } });
    expect(res.status).toBe(200);
    const withOptions = new Customer(one.admin, one.companyId, one.wid, '5511933330003', 'Eva Opções');
    await withOptions.say('Oi');
    expect(await withOptions.next(1)).toEqual(['Fila única, seja bem-vindo!\n\n*1* - Horários']);
    await withOptions.say('#');
    expect(await withOptions.next(1)).toEqual(['Fila única, seja bem-vindo!\n\n*1* - Horários']);
    await withOptions.say('1');
    expect(await withOptions.next(1)).toEqual(['Das 8h às 18h.']);
  }, 120_000);
});

describe('when the bot keeps quiet', () => {
  it('a redelivered message (the same channel id, through the phone and to the worker) is answered once', async () => {
    const c = customer('Fábio Repetido');
    const id = await c.say('Oi');
    expect(await c.next(1)).toEqual([QUEUE_MENU]);
    await c.say('Oi', { id });
    await c.nothing();
    // The same record twice to the worker: the second is a duplicate and repeats nothing.
    const env = text(companyId, wid, c.number, '2', { contactName: c.name });
    expect((await runInbound([env])).batchItemFailures).toEqual([]);
    expect((await runInbound([env], 2)).batchItemFailures).toEqual([]);
    expect(await c.next(1)).toEqual([SUPORTE_MENU]);
    const { ticketId } = await c.stored(id);
    const fromMe = (await queryPartition(`C#${companyId}#MSGS#${ticketId}`)).filter((m) => m.fromMe).map((m) => m.body);
    expect(fromMe).toEqual([QUEUE_MENU, SUPORTE_MENU]);
  }, 90_000);

  it('a contact with disableBot, a ticket an agent answered, a message from the phone itself, a group: no bot', async () => {
    const blocked = customer('Gil Sem Bot');
    expect((await admin.call('POST', '/contacts', { body: { name: blocked.name, number: blocked.number, disableBot: true } })).status).toBe(201);
    await blocked.say('Oi');
    await blocked.nothing();

    const answered = customer('Helena Atendida');
    await answered.say('Oi');
    expect(await answered.next(1)).toEqual([QUEUE_MENU]);
    const t = await ticketOf(answered);
    const sent = await admin.call('POST', `/messages/${t.id}`, { body: { body: 'Oi Helena, já vou te ajudar' } });
    expect(sent.status).toBe(201);
    expect(await answered.next(1)).toEqual(['*Admin Teste*:\nOi Helena, já vou te ajudar']);
    await until('the bot off', async () => (await ticketOf(answered)).isBot === false);
    await answered.say('2');
    await answered.nothing();

    const echo = customer('Igor Eco');
    await echo.deliver('mensagem do próprio celular', { fromMe: true });
    await echo.nothing(1000);

    await setConnection(admin, wid, { allowGroups: true });
    const member = customer('Júlia Grupo');
    const said = await member.say('Oi grupo', { group: { id: `120363${Date.now()}`, name: 'Grupo Teste' } });
    const { ticketId: groupTicketId } = await member.stored(said);
    await new Promise((r) => setTimeout(r, 2000));
    expect((await queryPartition(`C#${companyId}#MSGS#${groupTicketId}`)).filter((m) => m.fromMe)).toEqual([]);
    const groupTicket = (await queryPartition(`C#${companyId}#TICKETS`)).find((x) => x.id === groupTicketId);
    expect(groupTicket).toMatchObject({ isGroup: true, isBot: false });
  }, 120_000);
});
