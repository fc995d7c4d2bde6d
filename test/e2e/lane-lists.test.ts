/**
 * The lanes' two lists in a real browser (spec 3 "Tickets by tag", "Active campaigns (schedule
 * list)", §8): tickets by tag finds the tickets carrying a tag (name, number and e-mail, opening
 * /tickets/{uuid}) and warns 'Não foram encontrados tickets para a tag selecionada.' when none;
 * /campanhas lists the schedule a card moved through the move endpoint planned, with its lane,
 * live, searchable and for one contact (?contactId=); the drawer shows both to an agent; a plan
 * without useSchedules gets the toast and /. Screenshots: desktop, and 390 px in dark mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SEED_PLANS } from '../../shared/src/plans';
import { putPlan } from '../../functions/src/adapters/db/plans';
import { launch, loginAs, newPage, shot } from '../support/browser';
import { PASSWORD, baseUrl, newCompany, unique, type Client } from '../support/api';
import { runInbound, text } from '../support/inbound';
import { putLane, putTag } from '../support/lanes';
import { until } from '../support/sandbox';

const TZ = 'America/Sao_Paulo';
const openPage = (browser: Browser, width: number, height: number, dark = false): Promise<Page> => newPage(browser, width, height, { timezoneId: TZ, dark });
/** DD/MM/YYYY HH:mm:ss in São Paulo (the browser's zone here). */
const spTime = (iso: string) => {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
};

let browser: Browser;
/** The admin signed in on a desktop page (landing on the dashboard). */
async function adminPage(): Promise<Page> {
  const page = await openPage(browser, 1280, 800);
  await loginAs(page, email);
  await page.waitForURL('**/dashboard');
  return page;
}
let admin: Client;
let companyId: number;
let email: string;
let agentEmail: string;
type T = { id: number; uuid: string; contactId: number; contact: { number: string } };
let vipTicket: T;
let otherTicket: T;
const TAG = { vip: 41, lane: 42, empty: 43 };

beforeAll(async () => {
  browser = await launch();
  ({ admin, companyId, email } = await newCompany());
  const conn = await admin.call('POST', '/whatsapp', { body: { name: 'Loja Kanban', channel: 'sandbox' } });
  expect(conn.status).toBe(201);
  const stamp = String(Date.now()).slice(-6);
  const [phoneA, phoneB] = [`5511971${stamp}`, `5511972${stamp}`];
  await runInbound([text(companyId, conn.body.id, phoneA, 'Quero a proposta do plano anual', { contactName: 'Joana Prado' }), text(companyId, conn.body.id, phoneB, 'Bom dia', { contactName: 'Marcos Lima' })]);
  const tickets = await until('the tickets', async () => {
    const list = (await admin.call('GET', '/tickets?status=pending&showAll=true')).body.tickets as T[];
    const a = list.find((t) => t.contact.number === phoneA);
    const b = list.find((t) => t.contact.number === phoneB);
    return a && b && ([a, b] as const);
  });
  [vipTicket, otherTicket] = tickets;
  expect((await admin.call('PUT', `/contacts/${vipTicket.contactId}`, { body: { email: 'joana.prado@example.test' } })).status).toBe(200);
  await putTag(companyId, TAG.vip, 'Cliente VIP', { color: '#7c3aed' });
  await putLane(companyId, TAG.lane, 'Proposta enviada', { color: '#0a7c3e', msgR: 'Sua proposta está pronta, posso ajudar?' });
  await putTag(companyId, TAG.empty, 'Sem tickets', { color: '#64748b' });
  expect((await admin.call('POST', '/tags/sync', { body: { ticketId: vipTicket.id, tags: [{ id: TAG.vip }] } })).status).toBe(200);
  agentEmail = `${unique('agente')}@example.test`;
  expect((await admin.call('POST', '/users', { body: { name: 'Agente Kanban', email: agentEmail, password: PASSWORD } })).status).toBe(201);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('tickets by tag and the active campaigns list', () => {
  it("tickets by tag: the tag's tickets with name, number and e-mail, opening the ticket; the warning when none", async () => {
    const page = await adminPage();
    await page.getByRole('link', { name: 'Tickets por tag' }).click();
    await page.waitForURL('**/tickets-by-tag');
    const search = page.getByRole('button', { name: 'Buscar Tickets' });
    expect(await search.isDisabled()).toBe(true);
    await page.getByLabel('Tag').selectOption({ label: 'Cliente VIP' });
    await search.click();
    const row = page.getByTestId(`tbt-${vipTicket.id}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Joana Prado');
    expect(await row.textContent()).toContain(vipTicket.contact.number);
    expect(await row.textContent()).toContain('joana.prado@example.test');
    expect(await page.getByTestId(`tbt-${otherTicket.id}`).count()).toBe(0);
    await shot(page, 'lane-lists-1-tickets-by-tag');

    await page.getByLabel('Tag').selectOption({ label: 'Sem tickets' });
    await search.click();
    await page.getByRole('alert').filter({ hasText: 'Não foram encontrados tickets para a tag selecionada.' }).waitFor();
    await page.locator('.toast', { hasText: 'Não foram encontrados tickets para a tag selecionada.' }).waitFor();
    await shot(page, 'lane-lists-2-tickets-by-tag-none');

    // A row opens its ticket.
    await page.getByLabel('Tag').selectOption({ label: 'Cliente VIP' });
    await search.click();
    await row.getByRole('link', { name: 'Joana Prado' }).click();
    await page.waitForURL(`**/tickets/${vipTicket.uuid}`);
    await page.context().close();
  }, 90_000);

  it('/campanhas lists the schedule a card moved into a lane planned, with its lane; live, searched, for one contact; 390 px dark', async () => {
    const page = await adminPage();
    await page.getByRole('link', { name: 'Campanhas em andamento' }).click();
    await page.waitForURL('**/campanhas');
    await page.getByText('Nenhuma campanha de lane encontrada.').waitFor();

    // A hand-made schedule is not a campaign; the card's move plans one, which shows up live.
    expect((await admin.call('POST', '/schedules', { body: { body: 'Lembrete feito à mão', sendAt: new Date(Date.now() + 86_400_000).toISOString(), contactId: otherTicket.contactId } })).status).toBe(201);
    const moved = await admin.call('POST', `/ticket/kanban/${vipTicket.id}/move`, { body: { laneId: TAG.lane } });
    expect(moved.body.campaign).toMatchObject({ kind: 'started', campaign: TAG.lane, contactName: 'Joana Prado' });
    const id = moved.body.campaign.scheduleId as number;
    const row = page.getByTestId(`schedule-${id}`);
    await row.waitFor({ timeout: 15_000 });
    const cells = await row.locator('td').allTextContents();
    expect(cells[0]).toBe(`Proposta enviadanº ${TAG.lane}`);
    expect(cells.slice(1)).toEqual(['Joana Prado', 'Sua proposta está pronta,…', spTime(moved.body.campaign.sendAt), 'Pendente']);
    expect(await page.getByText('Lembrete feito à mão').count()).toBe(0);
    await shot(page, 'lane-lists-3-campaigns');

    // The search, and one contact's campaigns (?contactId=).
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('marcos');
    await page.getByText('Nenhuma campanha de lane encontrada.').waitFor();
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('joana');
    await row.waitFor();
    await page.goto(`${baseUrl()}/campanhas?contactId=${otherTicket.contactId}`);
    await page.getByTestId('campaigns-contact').getByText('Contato: Marcos Lima').waitFor();
    await page.getByText('Nenhuma campanha de lane encontrada.').waitFor();
    await page.getByRole('button', { name: 'Mostrar todos os contatos' }).click();
    await row.waitFor();
    await page.context().close();

    // An agent, at 390 px in dark mode: the drawer has both pages; the list reads the same.
    const phone = await openPage(browser, 390, 844, true);
    await loginAs(phone, agentEmail);
    await phone.waitForURL('**/tickets');
    await phone.getByRole('button', { name: 'Abrir menu' }).click();
    await phone.getByRole('link', { name: 'Tickets por tag' }).waitFor();
    await phone.getByRole('link', { name: 'Campanhas em andamento' }).click();
    await phone.waitForURL('**/campanhas');
    await phone.getByTestId(`schedule-${id}`).getByText('Proposta enviada').waitFor();
    await shot(phone, 'lane-lists-4-campaigns-phone-dark');
    await phone.goto(`${baseUrl()}/tickets-by-tag`);
    await phone.getByLabel('Tag').selectOption({ label: 'Proposta enviada · lane' });
    await phone.getByRole('button', { name: 'Buscar Tickets' }).click();
    await phone.getByRole('alert').filter({ hasText: 'Não foram encontrados tickets para a tag selecionada.' }).waitFor();
    await shot(phone, 'lane-lists-5-tickets-by-tag-phone-dark');
    await phone.context().close();
  }, 120_000);

  it('a plan without useSchedules: /campanhas gives the toast, then / after 1 s', async () => {
    const name = unique('semcampanhas');
    await putPlan({ ...SEED_PLANS[1]!, id: 100 + Math.floor(Math.random() * 1_000_000), name, useSchedules: false });
    const other = await newCompany(name);
    const page = await openPage(browser, 1280, 800);
    await loginAs(page, other.email);
    await page.waitForURL('**/dashboard');
    expect(await page.getByRole('link', { name: 'Campanhas em andamento' }).count()).toBe(0);
    await page.goto(`${baseUrl()}/campanhas`);
    await page.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').waitFor();
    await page.waitForURL((u) => !u.pathname.startsWith('/campanhas'), { timeout: 5_000 });
    await page.context().close();
  }, 60_000);
});
