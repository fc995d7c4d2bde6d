/**
 * Scheduled messages in a real browser on the local stack (spec 3 "Schedules page", §5, §6): from a
 * sandbox customer's ticket, the chat header's schedule action opens the add dialog on /schedules
 * for that contact (the dialog's rules first; the send time defaults to now + 5 minutes); the
 * schedule is listed PENDENTE; the tick runs at a fast-forwarded time and the list turns ENVIADA
 * live; the message is in the conversation and on the sandbox phone. A plan without useSchedules
 * gets the spec's toast and lands on / after 1 s. Screenshots: desktop, 390 px, dark.
 */
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SEED_PLANS } from '../../shared/src/plans';
import { putPlan } from '../../functions/src/adapters/db/plans';
import { handler as tick } from '../../functions/src/workers/tick';
import { launch, loginAs, newPage, shot } from '../support/browser';
import { baseUrl, newCompany, unique } from '../support/api';
import { pairSandbox, until } from '../support/sandbox';

const TZ = 'America/Sao_Paulo';
const runTick = (at: Date) => tick({ version: '0', id: unique('tick'), 'detail-type': 'Scheduled Event', source: 'aws.events', account: '0', time: at.toISOString(), region: 'us-east-1', resources: [], detail: {} } as never, {} as Context);

const openPage = (browser: Browser, width: number, height: number, opts: { dark?: boolean } = {}): Promise<Page> => newPage(browser, width, height, { timezoneId: TZ, dark: opts.dark ?? false });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('scheduled messages', () => {
  it('ticket header → schedule dialog for its contact → /schedules PENDENTE → the tick → ENVIADA live, in the chat and on the sandbox phone', async () => {
    const { admin, email } = await newCompany();
    const conn = await admin.call('POST', '/whatsapp', { body: { name: 'Loja Agenda', channel: 'sandbox' } });
    expect(conn.status).toBe(201);
    const wid: number = conn.body.id;
    await pairSandbox(admin, wid);
    const phoneNumber = `551196${String(Date.now()).slice(-7)}`;
    expect((await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from: phoneNumber, name: 'Carla Agenda', body: 'Me lembrem da consulta, por favor' } })).status).toBe(202);
    const ticket = await until('the ticket', async () => ((await admin.call('GET', '/tickets?status=pending&showAll=true')).body.tickets as { id: number; uuid: string; contact: { number: string } }[]).find((t) => t.contact.number === phoneNumber));
    expect((await admin.call('PUT', `/tickets/${ticket.id}`, { body: { status: 'open' } })).status).toBe(200);

    const page = await openPage(browser, 1280, 800);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/tickets/${ticket.uuid}`);
    const chat = page.getByTestId('ticket-chat');
    await chat.locator('.chat-bubble', { hasText: 'Me lembrem da consulta' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Agendar mensagem' }).click();

    // The add dialog, on /schedules, for the ticket's contact; the time defaults to now + 5 minutes.
    await page.waitForURL('**/schedules');
    const modal = page.getByRole('dialog', { name: 'Novo agendamento' });
    await expect.poll(() => modal.getByTestId('schedule-contact').textContent()).toBe('Carla Agenda');
    const sendAt = await modal.getByLabel('Data e hora do envio').inputValue();
    // A local time of the browser (São Paulo): read as an instant there.
    const minutesAhead = ((await page.evaluate((v) => new Date(v).getTime(), sendAt)) - Date.now()) / 60_000;
    expect(minutesAhead).toBeGreaterThan(4);
    expect(minutesAhead).toBeLessThanOrEqual(5.1);
    await modal.getByLabel('Mensagem').fill('oi');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.getByText('Mensagem muito curta').waitFor();
    await modal.getByLabel('Data e hora do envio').fill('');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.getByText('Obrigatório').waitFor();
    await modal.getByLabel('Data e hora do envio').fill(sendAt);
    const text = 'Olá Carla, sua consulta é amanhã às 9h. Confirme, por favor!';
    await modal.getByLabel('Mensagem').fill(text);
    await shot(page, 'schedules-1-dialog');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Agendamento salvo com sucesso!').waitFor();

    // Listed: contact, the body cut at 25 characters, DD/MM/YYYY HH:mm:ss, Pendente.
    const list = (await admin.call('GET', '/schedules')).body.schedules as { id: number; sendAt: string; contactId: number }[];
    expect(list).toHaveLength(1);
    const outboxContact = list[0]!.contactId;
    const row = page.getByTestId(`schedule-${list[0]!.id}`);
    await row.getByText('Carla Agenda').waitFor();
    await row.getByText('Olá Carla, sua consulta é…').waitFor();
    await row.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/).waitFor();
    await row.getByText('Pendente').waitFor();
    await shot(page, 'schedules-2-pending');

    // Fast-forward: the tick runs 6 minutes from now; the row turns Enviada without a reload.
    await runTick(new Date(Date.now() + 6 * 60_000));
    await row.and(page.locator('[data-status="ENVIADA"]')).waitFor({ timeout: 30_000 });
    await row.getByText('Enviada').waitFor();
    await shot(page, 'schedules-3-sent');

    // In the conversation like an agent's message, and on the sandbox phone.
    await page.goto(`${baseUrl()}/tickets/${ticket.uuid}`);
    await chat.locator('.chat-bubble', { hasText: text }).waitFor({ timeout: 20_000 });
    await page.goto(`${baseUrl()}/connections`);
    await page.getByRole('button', { name: 'Simular cliente em Loja Agenda' }).click();
    const received = page.getByRole('region', { name: 'Recebidas pelo celular' });
    await received.getByText(text).waitFor({ timeout: 20_000 });
    await shot(page, 'schedules-4-phone');
    const outbox = (await admin.call('GET', `/sandbox/${wid}/outbox`)).body.items as { body: string; to: string }[];
    expect(outbox.filter((i) => i.body === text)).toEqual([expect.objectContaining({ to: phoneNumber })]);
    await page.context().close();

    // A send that fails: its connection was deleted before the time. ERRO, 'Erro de Envio' and the reason.
    const extra = await admin.call('POST', '/whatsapp', { body: { name: 'Conexão Removida', channel: 'sandbox' } });
    const failing = await admin.call('POST', '/schedules', { body: { body: 'Esta mensagem não terá conexão', sendAt: new Date(Date.now() + 86_400_000).toISOString(), contactId: outboxContact, whatsappId: extra.body.id } });
    expect(failing.status, JSON.stringify(failing.body)).toBe(201);
    expect((await admin.call('DELETE', `/whatsapp/${extra.body.id}`)).status).toBeLessThan(300);
    // Moved to now: its minute was read already (the tick above ran ahead), so the change queues it itself.
    expect((await admin.call('PUT', `/schedules/${failing.body.id}`, { body: { sendAt: new Date().toISOString() } })).status).toBe(200);
    await until('ERRO', async () => (await admin.call('GET', `/schedules/${failing.body.id}`)).body.status === 'ERRO');

    // Phone width, dark mode: the list (with the failed one) and the dialog.
    const phone = await openPage(browser, 390, 844, { dark: true });
    await loginAs(phone, email);
    await phone.waitForURL('**/dashboard');
    await phone.goto(`${baseUrl()}/schedules`);
    await phone.getByText('Enviada').waitFor();
    const failedRow = phone.getByTestId(`schedule-${failing.body.id}`);
    await failedRow.getByText('Erro', { exact: true }).waitFor();
    await failedRow.getByText('Erro de Envio').waitFor();
    await failedRow.getByText('Nenhuma conexão encontrada com este ID.', { exact: false }).waitFor();
    await shot(phone, 'schedules-5-phone-dark');
    // The search (contact name and text, accents aside).
    await phone.getByRole('searchbox', { name: 'Pesquisar' }).fill('conexao');
    await phone.getByTestId(`schedule-${list[0]!.id}`).waitFor({ state: 'detached' });
    await failedRow.waitFor();
    await phone.getByRole('searchbox', { name: 'Pesquisar' }).fill('nada disso');
    await phone.getByText('Nenhum agendamento encontrado.').waitFor();
    await phone.getByRole('searchbox', { name: 'Pesquisar' }).fill('');
    await phone.getByRole('button', { name: 'Novo agendamento' }).click();
    await phone.getByRole('dialog', { name: 'Novo agendamento' }).waitFor();
    await shot(phone, 'schedules-6-dialog-phone-dark');
    await phone.context().close();
  }, 180_000);

  it('a plan without useSchedules: the toast, then / after 1 s', async () => {
    const name = unique('semagenda');
    await putPlan({ ...SEED_PLANS[1]!, id: 100 + Math.floor(Math.random() * 1_000_000), name, useSchedules: false });
    const { email } = await newCompany(name);
    const page = await openPage(browser, 1280, 800);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/schedules`);
    await page.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').waitFor();
    await shot(page, 'schedules-7-plan-redirect');
    await page.waitForURL((u) => !u.pathname.startsWith('/schedules'), { timeout: 5_000 });
    await page.context().close();
  }, 60_000);
});
