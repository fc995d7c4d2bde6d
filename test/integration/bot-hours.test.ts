/**
 * Working hours (BEHAVIOUR.md "Inbound message" step 9): out of hours the customer gets the
 * out-of-hours message once per closed window and nothing else; the ticket stays pending. With
 * scheduleType company the company's hours count (the queue's message, else the connection's);
 * with queue, the hours of the queue the customer picked. The messages' times are chosen (the
 * inbound worker in-process, on the sandbox connection): a week of March 2025 in São Paulo.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/api';
import { botCompany, Customer, makeQueue, setConnection, setSetting, type QueueMade } from '../support/bot-chat';
import { queryPartition } from '../support/db';

let admin: Client;
let companyId: number;
let wid: number;
let vendas: QueueMade;
let suporte: QueueMade;

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const businessHours = WEEKDAYS.map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: '09:00', endTime: '18:00' }));
/** Local São Paulo time (UTC−3 all of 2025). 2025-03-03 is a Monday. */
const at = (local: string) => Date.parse(`${local}:00-03:00`);

const CLOSED = 'Estamos fechados. Atendemos de segunda a sexta, das 9h às 18h.';
const QUEUE_MENU = 'Escolha o setor:\n\n*1* - Vendas\n*2* - Suporte';

async function botReplies(c: Customer): Promise<string[]> {
  const { ticketId } = await c.stored(c.ids[c.ids.length - 1]!);
  return (await queryPartition(`C#${companyId}#MSGS#${ticketId}`)).filter((m) => m.fromMe).map((m) => m.body);
}

beforeAll(async () => {
  ({ admin, companyId, wid } = await botCompany({ greetingMessage: 'Escolha o setor:', outOfHoursMessage: CLOSED }));
  vendas = await makeQueue(admin, { name: 'Vendas', orderQueue: 1, greetingMessage: 'Bem-vindo a Vendas!', outOfHoursMessage: 'Vendas está fechado agora.' });
  suporte = await makeQueue(admin, {
    name: 'Suporte',
    orderQueue: 2,
    greetingMessage: 'Suporte, escolha:',
    outOfHoursMessage: 'O suporte atende das 9h às 18h.',
    schedules: businessHours,
    chatbots: [{ name: 'Internet', greetingMessage: 'Reinicie o modem.' }],
  });
  await setConnection(admin, wid, { queueIds: [vendas.id, suporte.id] });
  const hours = await admin.call('PUT', `/companies/${companyId}/schedules`, { body: { schedules: businessHours } });
  expect(hours.status, JSON.stringify(hours.body)).toBe(200);
}, 120_000);

describe('working hours', () => {
  it("scheduleType company: the connection's out-of-hours message once per window, the menu in hours, then the queue's message in each new window", async () => {
    await setSetting(admin, 'scheduleType', 'company');
    const c = new Customer(admin, companyId, wid, '5511944440001', 'Noturno Empresa');
    await c.deliver('Oi', { timestamp: at('2025-03-03T20:00') });
    expect(await c.next(1)).toEqual([CLOSED]);
    await c.deliver('Alô? Tem alguém?', { timestamp: at('2025-03-03T23:30') });
    await c.nothing(1000);
    await c.deliver('Oi de novo', { timestamp: at('2025-03-04T08:59') });
    await c.nothing(1000);
    expect(await botReplies(c)).toEqual([CLOSED]);
    const [ticket] = (await queryPartition(`C#${companyId}#TICKETS`)).filter((t) => t.lastMessage === 'Oi de novo');
    expect(ticket).toMatchObject({ status: 'pending', queueId: null, isBot: true });

    await c.deliver('Bom dia', { timestamp: at('2025-03-04T10:00') });
    expect(await c.next(1)).toEqual([QUEUE_MENU]);
    await c.deliver('1', { timestamp: at('2025-03-04T10:01') });
    expect(await c.next(1)).toEqual(['Bem-vindo a Vendas!']);
    // A new closed window (Tuesday 18:00): the queue's own message this time.
    await c.deliver('Ainda estão aí?', { timestamp: at('2025-03-04T19:00') });
    expect(await c.next(1)).toEqual(['Vendas está fechado agora.']);
    await c.deliver('Olá?', { timestamp: at('2025-03-05T07:00') });
    await c.nothing(1000);
    // Friday 18:00 to Monday 09:00 is one window.
    await c.deliver('Sexta à noite', { timestamp: at('2025-03-07T18:30') });
    expect(await c.next(1)).toEqual(['Vendas está fechado agora.']);
    await c.deliver('Sábado', { timestamp: at('2025-03-08T11:00') });
    await c.deliver('Domingo', { timestamp: at('2025-03-09T15:00') });
    await c.nothing(1000);
    expect(await botReplies(c)).toEqual([CLOSED, QUEUE_MENU, 'Bem-vindo a Vendas!', 'Vendas está fechado agora.', 'Vendas está fechado agora.']);
  }, 120_000);

  it('scheduleType queue: the menu at any hour; a closed queue answers with its message once, and greets with its menu when it opens', async () => {
    await setSetting(admin, 'scheduleType', 'queue');
    const c = new Customer(admin, companyId, wid, '5511944440002', 'Noturno Fila');
    await c.deliver('Oi', { timestamp: at('2025-03-03T20:00') });
    expect(await c.next(1)).toEqual([QUEUE_MENU]);
    await c.deliver('2', { timestamp: at('2025-03-03T20:01') });
    expect(await c.next(1)).toEqual(['O suporte atende das 9h às 18h.']);
    await c.deliver('Por favor', { timestamp: at('2025-03-03T20:05') });
    await c.nothing(1000);
    const [ticket] = (await queryPartition(`C#${companyId}#TICKETS`)).filter((t) => t.lastMessage === 'Por favor');
    expect(ticket).toMatchObject({ status: 'pending', queueId: suporte.id, isBot: true });
    await c.deliver('Bom dia', { timestamp: at('2025-03-04T09:05') });
    expect(await c.next(1)).toEqual(['Suporte, escolha:\n\n*1* - Internet\n\n*#* - Voltar ao menu inicial']);
    await c.deliver('1', { timestamp: at('2025-03-04T09:06') });
    expect(await c.next(1)).toEqual(['Reinicie o modem.']);
    // Vendas has no hours: always open.
    const v = new Customer(admin, companyId, wid, '5511944440003', 'Noturno Vendas');
    await v.deliver('Oi', { timestamp: at('2025-03-08T23:00') });
    expect(await v.next(1)).toEqual([QUEUE_MENU]);
    await v.deliver('1', { timestamp: at('2025-03-08T23:01') });
    expect(await v.next(1)).toEqual(['Bem-vindo a Vendas!']);
    await setSetting(admin, 'scheduleType', 'disabled');
  }, 120_000);
});
