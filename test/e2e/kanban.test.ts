/**
 * The kanban board in a real browser on the local stack (spec 3 "Campaign kanban board", §4 "Kanban
 * move between lanes", §8; BEHAVIOUR.md "Lanes, schedules and open-by-phone"): a lane with its
 * campaign on, a sandbox customer's ticket in 'Em aberto'; the card dragged with the mouse into the
 * lane → the spec's toast, a second user's board shows the move live, the schedule is on
 * /schedules, a fast-forwarded tick sends it and the sandbox phone receives it; the card moved back
 * with the keyboard (announced) → 'Campanhas zeradas', the next run of the recurring campaign gone,
 * live on the other board too. Search, settings and help; screenshots desktop and 390 px dark. In
 * English: a lane's cards paged (20, then "Load more"), the queue filter, and a move the server
 * refuses going back with the error's toast.
 */
import type { Context } from 'aws-lambda';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { db, table } from '../../functions/src/adapters/db/client';
import { nextId } from '../../functions/src/adapters/db/counters';
import { insertTag } from '../../functions/src/adapters/db/tags';
import { handler as tick } from '../../functions/src/workers/tick';
import { launch, loginAs, newPage, shot } from '../support/browser';
import { baseUrl, newCompany, PASSWORD, unique } from '../support/api';
import { runInbound, text } from '../support/inbound';
import { pairSandbox, until } from '../support/sandbox';
import { seedQueue } from '../integration/tickets-helpers';

const TZ = 'America/Sao_Paulo';
const runTick = (at: Date) => tick({ version: '0', id: unique('tick'), 'detail-type': 'Scheduled Event', source: 'aws.events', account: '0', time: at.toISOString(), region: 'us-east-1', resources: [], detail: {} } as never, {} as Context);
/** The platform's due-schedules cursor (domain/schedules/queue-due.ts): set before the lane's 18h minute, put back afterwards. */
const CURSOR = { PK: 'P#DUE#SCHED', SK: 'CURSOR' };
const setCursor = (minute: Date) => {
  const m = minute.toISOString().slice(0, 16);
  return db().send(new PutCommand({ TableName: table(), Item: { ...CURSOR, done: m, scanning: m } }));
};

/** Drags with the mouse, the way a person does: press, a few pixels to pick it up, across, release. */
async function drag(page: Page, from: Locator, to: Locator, midway?: () => Promise<unknown>): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 4, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + 120, { steps: 12 });
  await midway?.();
  await page.mouse.up();
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('kanban board', () => {
  it('drag into a campaign lane → toast, live elsewhere, the schedule sent at 18h to the phone; keyboard back to Em aberto → Campanhas zeradas', async () => {
    const { admin, companyId, email } = await newCompany();
    const conn = await admin.call('POST', '/whatsapp', { body: { name: 'Loja Kanban', channel: 'sandbox' } });
    expect(conn.status).toBe(201);
    const wid: number = conn.body.id;
    await pairSandbox(admin, wid);

    // The lane, its campaign on (daily), made as the lanes screen makes it.
    const campaignText = 'Olá! Temos uma oferta especial para você hoje.';
    const made = await admin.call('POST', '/tags', { body: { name: 'Proposta', color: '#8e24aa', kanban: 1, actCamp: 1, msgR: campaignText, rptDays: 1 } });
    expect(made.status).toBe(201);
    const laneId: number = made.body.id;

    const phoneNumber = `551197${String(Date.now()).slice(-7)}`;
    expect((await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from: phoneNumber, name: 'Lúcia Kanban', body: 'Quero saber o preço do plano anual' } })).status).toBe(202);
    const ticket = await until('the ticket', async () => ((await admin.call('GET', '/tickets?status=pending&showAll=true')).body.tickets as { id: number; uuid: string; contactId: number; contact: { number: string } }[]).find((t) => t.contact.number === phoneNumber));

    // A second admin watches the board from another browser.
    const otherEmail = `${unique('colega')}@example.test`;
    expect((await admin.call('POST', '/users', { body: { name: 'Colega', email: otherEmail, password: PASSWORD, profile: 'admin', queueIds: [] } })).status).toBe(201);
    const other = await newPage(browser, 1280, 800, { timezoneId: TZ });
    await loginAs(other, otherEmail);
    await other.waitForURL('**/dashboard');
    await other.goto(`${baseUrl()}/Kanban`);

    const page = await newPage(browser, 1280, 800, { timezoneId: TZ });
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/Kanban`);
    const open = page.getByTestId('kanban-lane-0');
    const lane = page.getByTestId(`kanban-lane-${laneId}`);
    const card = page.getByTestId(`kanban-card-${ticket.id}`);
    // 'Em aberto', then the lane in its colour; the card: ticket number, contact number, last message, link.
    await open.getByText('Em aberto', { exact: true }).waitFor();
    await lane.getByText('Proposta', { exact: true }).waitFor();
    await open.getByTestId(`kanban-card-${ticket.id}`).waitFor();
    await card.getByText(`Ticket nº ${ticket.id}`).waitFor();
    await card.getByText(phoneNumber).waitFor();
    await card.getByText('Quero saber o preço do plano anual').waitFor();
    expect(await card.getByRole('link', { name: `Abrir o ticket nº ${ticket.id}` }).getAttribute('href')).toBe(`/tickets/${ticket.uuid}`);
    expect(await open.getByTestId('lane-count').textContent()).toBe('1 cartão');
    expect(await lane.getByTestId('lane-count').textContent()).toBe('0 cartões');
    expect(await lane.locator('.kanban-lane__chip').evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).backgroundColor)).toBe('rgb(142, 36, 170)');
    await other.getByTestId('kanban-lane-0').getByTestId(`kanban-card-${ticket.id}`).waitFor();

    // The search keeps the cards by number, last message or name (accents aside).
    const search = page.getByRole('searchbox', { name: 'Pesquisar por número, mensagem ou nome' });
    await search.fill('lucia');
    await card.waitFor();
    await search.fill('nada disso');
    await card.waitFor({ state: 'detached' });
    await open.getByText('Nenhum cartão encontrado para a pesquisa.').waitFor();
    await search.fill(phoneNumber.slice(-6));
    await card.waitFor();
    await search.fill('');
    await shot(page, 'kanban-1-board');

    // Dragged with the mouse into the lane: the spec's toast; the card is there, here and on the other board.
    await drag(page, card, lane, () => shot(page, 'kanban-2-dragging'));
    await page.getByText(`Campanha nº ${laneId} iniciada para Lúcia Kanban. Horario de envio as 18h`).waitFor();
    await lane.getByTestId(`kanban-card-${ticket.id}`).waitFor();
    expect(await open.getByTestId(`kanban-card-${ticket.id}`).count()).toBe(0);
    await other.getByTestId(`kanban-lane-${laneId}`).getByTestId(`kanban-card-${ticket.id}`).waitFor({ timeout: 15_000 });
    expect(await other.getByTestId('kanban-lane-0').getByTestId(`kanban-card-${ticket.id}`).count()).toBe(0);
    await shot(page, 'kanban-3-moved');
    await shot(other, 'kanban-4-other-user-live');

    // The campaign's schedule: one, pending, at 18:01–18:30 São Paulo, in the Active campaigns list (/campanhas).
    const listed = (await admin.call('GET', `/schedules?contactId=${ticket.contactId}`)).body.schedules as { id: number; sendAt: string; status: string; body: string; campId: number; daysR: number }[];
    expect(listed).toHaveLength(1);
    const sched = listed[0]!;
    expect(sched).toMatchObject({ status: 'PENDENTE', body: campaignText, campId: laneId, daysR: 1 });
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(sched.sendAt));
    expect(local).toMatch(/^18:(0[1-9]|[12]\d|30)$/);
    await page.goto(`${baseUrl()}/campanhas`);
    const row = page.getByTestId(`schedule-${sched.id}`);
    await row.getByText('Proposta').waitFor();
    await row.getByText('Lúcia Kanban').waitFor();
    await row.getByText('Pendente').waitFor();
    await row.getByText(`${campaignText.slice(0, 25)}…`).waitFor();
    await shot(page, 'kanban-5-schedule');

    // Fast-forward to its minute: the tick queues it, it goes out and the row turns Enviada live.
    const before = await db().send(new GetCommand({ TableName: table(), Key: CURSOR }));
    try {
      await setCursor(new Date(Date.parse(sched.sendAt) - 120_000));
      await runTick(new Date(Date.parse(sched.sendAt) + 60_000));
      await row.and(page.locator('[data-status="ENVIADA"]')).waitFor({ timeout: 30_000 });
    } finally {
      if (before.Item) await db().send(new PutCommand({ TableName: table(), Item: before.Item }));
      else await setCursor(new Date());
    }
    const outbox = (await admin.call('GET', `/sandbox/${wid}/outbox`)).body.items as { body: string; to: string }[];
    expect(outbox.filter((i) => i.body === campaignText)).toEqual([expect.objectContaining({ to: phoneNumber })]);
    // The daily campaign planned its next run, a day later.
    const next = await until('the next run', async () => ((await admin.call('GET', `/schedules?contactId=${ticket.contactId}`)).body.schedules as typeof listed).find((s) => s.status === 'PENDENTE'));
    expect(Date.parse(next.sendAt) - Date.parse(sched.sendAt)).toBe(86_400_000);
    await page.goto(`${baseUrl()}/connections`);
    await page.getByRole('button', { name: 'Simular cliente em Loja Kanban' }).click();
    await page.getByRole('region', { name: 'Recebidas pelo celular' }).getByText(campaignText).waitFor({ timeout: 20_000 });
    await shot(page, 'kanban-6-phone-received');
    await page.keyboard.press('Escape');

    // Back to 'Em aberto' with the keyboard: space picks it up, ← to the lane beside, space drops it; each step announced.
    await page.goto(`${baseUrl()}/Kanban`);
    await lane.getByTestId(`kanban-card-${ticket.id}`).waitFor();
    await card.focus();
    const announced = page.locator('[id^="DndLiveRegion"]');
    await page.keyboard.press('Space');
    await expect.poll(() => announced.textContent()).toBe(`Cartão do ticket nº ${ticket.id} sobre a lane Proposta.`);
    // The sensor listens for the arrows from the next task on: pressed again until it moved ('Em aberto' is the first lane, so extra presses change nothing).
    await expect
      .poll(async () => {
        await page.keyboard.press('ArrowLeft');
        return announced.textContent();
      })
      .toBe(`Cartão do ticket nº ${ticket.id} sobre a lane Em aberto.`);
    await page.keyboard.press('Space');
    await expect.poll(() => announced.textContent()).toBe(`Cartão do ticket nº ${ticket.id} solto na lane Em aberto.`);
    await page.getByText('Campanhas zeradas').waitFor();
    await open.getByTestId(`kanban-card-${ticket.id}`).waitFor();
    // The keyboard stays on the card, now in its new lane.
    await expect.poll(() => page.evaluate("document.activeElement?.getAttribute('data-testid')")).toBe(`kanban-card-${ticket.id}`);
    await other.getByTestId('kanban-lane-0').getByTestId(`kanban-card-${ticket.id}`).waitFor({ timeout: 15_000 });
    const after = (await admin.call('GET', `/schedules?contactId=${ticket.contactId}`)).body.schedules as typeof listed;
    expect(after.filter((s) => s.status === 'PENDENTE')).toEqual([]);
    await shot(page, 'kanban-7-back-keyboard');

    // A new customer writes while the board is open: the card comes into 'Em aberto' live, on both boards.
    const newcomer = `551198${String(Date.now()).slice(-7)}`;
    expect((await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from: newcomer, name: 'Nova Cliente', body: 'Acabei de chegar' } })).status).toBe(202);
    await open.locator('.kanban-card', { hasText: newcomer }).getByText('Acabei de chegar').waitFor({ timeout: 20_000 });
    await other.getByTestId('kanban-lane-0').locator('.kanban-card', { hasText: newcomer }).waitFor({ timeout: 20_000 });
    expect(await open.getByTestId('lane-count').textContent()).toBe('2 cartões');

    // Settings (compact cards, kept) and help.
    await page.getByRole('button', { name: 'Configurações do kanban' }).click();
    const settings = page.getByRole('dialog', { name: 'Configurações do kanban' });
    await settings.getByText('Cartões compactos (sem a última mensagem)').click();
    await settings.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Configurações salvas').waitFor();
    expect(await card.getByText('Quero saber o preço do plano anual').count()).toBe(0);
    await page.getByRole('button', { name: 'Ajuda do kanban' }).click();
    await page.getByRole('dialog', { name: 'Como funciona o kanban' }).getByText('Campanhas zeradas', { exact: false }).waitFor();
    await shot(page, 'kanban-8-help');
    await page.context().close();
    await other.context().close();

    // Phone width, dark: the lanes scroll sideways.
    const phone = await newPage(browser, 390, 844, { timezoneId: TZ, dark: true });
    await loginAs(phone, email);
    await phone.waitForURL('**/dashboard');
    await phone.goto(`${baseUrl()}/Kanban`);
    await phone.getByTestId(`kanban-card-${ticket.id}`).waitFor();
    const boardBox = phone.getByTestId('kanban-board');
    expect(await boardBox.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await phone.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await shot(phone, 'kanban-9-phone-dark');
    await boardBox.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await shot(phone, 'kanban-10-phone-dark-scrolled');
    // The settings hide a lane (kept in this browser).
    await phone.getByRole('button', { name: 'Configurações do kanban' }).click();
    const phoneSettings = phone.getByRole('dialog', { name: 'Configurações do kanban' });
    await phoneSettings.getByText('Proposta', { exact: true }).click();
    await expect.poll(() => phoneSettings.getByRole('checkbox', { name: 'Proposta' }).isChecked()).toBe(false);
    await shot(phone, 'kanban-10b-phone-dark-settings');
    await phoneSettings.getByRole('button', { name: 'Salvar' }).click();
    await phone.getByTestId(`kanban-lane-${laneId}`).waitFor({ state: 'detached' });
    await phone.reload();
    await phone.getByTestId(`kanban-card-${ticket.id}`).waitFor();
    expect(await phone.getByTestId(`kanban-lane-${laneId}`).count()).toBe(0);
    await phone.context().close();
  }, 240_000);

  it('in English: 20 cards then "Load more", the queue filter, a refused move goes back with the error toast', async () => {
    const { admin, companyId, email } = await newCompany();
    await seedQueue(companyId, 1, 'Vendas', '#e53935');
    await seedQueue(companyId, 2, 'Suporte', '#1e88e5');
    const conn = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox', channel: 'sandbox', isDefault: true } })).body;
    const laneId = await nextId(companyId, 'tag');
    const now = new Date().toISOString();
    await insertTag({ id: laneId, companyId, name: 'Won', color: '#2e7d32', kanban: 1, userId: null, ticketsCount: 0, actCamp: 0, msgR: '', rptDays: 0, mediaKey: null, mediaName: null, mimetype: null, searchText: 'won', createdAt: now, updatedAt: now, rev: 0 });
    const base = `55119${String(Date.now()).slice(-5)}`;
    const numbers = Array.from({ length: 22 }, (_, i) => `${base}${String(i).padStart(3, '0')}`);
    await runInbound(numbers.map((n, i) => text(companyId, conn.id, n, `Message ${i}`)));
    const tickets = (await admin.call('GET', '/tickets?status=pending&showAll=true&limit=100')).body.tickets as { id: number; contact: { number: string } }[];
    const mine = tickets.filter((t) => numbers.includes(t.contact.number)).sort((a, b) => b.id - a.id);
    expect(mine).toHaveLength(22);
    // The two oldest go to Suporte: on the second page of 'Open'.
    for (const t of mine.slice(-2)) expect((await admin.call('PUT', `/tickets/${t.id}`, { body: { queueId: 2 } })).status).toBe(200);

    const page = await newPage(browser, 1280, 800, { timezoneId: TZ });
    await page.context().addInitScript("localStorage.setItem('language', 'en')");
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/Kanban`);
    const open = page.getByTestId('kanban-lane-0');
    await open.getByText('Open', { exact: true }).waitFor();
    await open.getByTestId(`kanban-card-${mine[0]!.id}`).waitFor();
    expect(await open.getByTestId('lane-count').textContent()).toBe('20+ cards');
    expect(await open.locator('.kanban-card').count()).toBe(20);
    await open.getByRole('button', { name: 'Load more' }).click();
    await open.getByTestId(`kanban-card-${mine[21]!.id}`).waitFor();
    expect(await open.locator('.kanban-card').count()).toBe(22);
    expect(await open.getByTestId('lane-count').textContent()).toBe('22 cards');
    expect(await open.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    // The queue filter asks the server for Suporte's cards only; 'All' brings the rest back.
    const queues = page.getByRole('group', { name: 'Filter by queue' });
    await queues.getByRole('button', { name: 'Suporte' }).click();
    await expect.poll(() => open.locator('.kanban-card').count()).toBe(2);
    expect(await open.getByTestId('lane-count').textContent()).toBe('2 cards');
    await shot(page, 'kanban-11-queue-filter-en');
    // 'All' again: the board as it was left (both pages), kept current by the live events meanwhile.
    await queues.getByRole('button', { name: 'All' }).click();
    await expect.poll(() => open.locator('.kanban-card').count()).toBe(22);

    // A move the server refuses: the card goes back to where it was, the error in English.
    await page.route('**/ticket/kanban/*/move', (route) => route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'ERR_TICKET_CLOSED_KANBAN', message: 'closed' }) }));
    const card = open.getByTestId(`kanban-card-${mine[0]!.id}`);
    await drag(page, card, page.getByTestId(`kanban-lane-${laneId}`));
    await page.getByText('Resolved tickets are not on the kanban board.').waitFor();
    await card.waitFor();
    expect(await page.getByTestId(`kanban-lane-${laneId}`).locator('.kanban-card').count()).toBe(0);
    await shot(page, 'kanban-12-refused-en');
    await page.unroute('**/ticket/kanban/*/move');
    // Allowed, a lane without a campaign: moved, no campaign toast.
    await drag(page, card, page.getByTestId(`kanban-lane-${laneId}`));
    await page.getByTestId(`kanban-lane-${laneId}`).getByTestId(`kanban-card-${mine[0]!.id}`).waitFor();
    expect((await admin.call('GET', `/tickets/${mine[0]!.id}`)).body.laneId).toBe(laneId);
    await page.context().close();
  }, 120_000);
});
