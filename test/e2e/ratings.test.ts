/**
 * Ratings in a real browser on the local stack (spec 3 "Ratings list", "Satisfaction dashboard";
 * spec 1 §4 "resolve and send rating"): the admin creates a rating on /ratings (the modal's rules
 * first); a sandbox customer writes and the ticket goes to an agent, who sees the ticket's bot
 * switch and flips it; the company turns userRating on while the agent's screen is open, so a
 * plain resolve is refused with ERR_RATING_REQUIRED's text, and after a reload only "resolve and
 * send rating" is offered; the agent resolves with the geral rating, the phone receives the menu,
 * the customer answers the best option and receives the completion message; /assessmentReport
 * shows one very satisfied answer for the agent. Screenshots light, dark and at phone width.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PT } from '../../shared/src/error-texts/pt';
import { launch, loginAs, newPage, shot } from '../support/browser';
import { baseUrl, newCompany, PASSWORD, unique, type Client } from '../support/api';
import { pairSandbox, until } from '../support/sandbox';

const TZ = 'America/Sao_Paulo';

type OutboxItem = { body: string; to: string };
const outbox = async (admin: Client, wid: number): Promise<OutboxItem[]> => (await admin.call('GET', `/sandbox/${wid}/outbox`)).body.items;

/** Today in the company's days, as GET /satisfaction takes it. */
function todayBR(): string {
  const [d, m, y] = new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date()).split('/');
  return `${d}/${m}/${y}`;
}

const openPage = (browser: Browser, width: number, height: number, opts: { dark?: boolean } = {}): Promise<Page> => newPage(browser, width, height, { timezoneId: TZ, dark: opts.dark ?? false });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('ratings', () => {
  it('admin creates a rating → agent resolves a sandbox ticket with it (required by userRating) → the customer answers → /assessmentReport shows it', async () => {
    const { admin, email } = await newCompany();
    const conn = await admin.call('POST', '/whatsapp', { body: { name: 'Loja Avaliações', channel: 'sandbox', complationMessage: 'Obrigado pela sua avaliação!' } });
    expect(conn.status, JSON.stringify(conn.body)).toBe(201);
    const wid: number = conn.body.id;
    await pairSandbox(admin, wid);
    const agentName = `Agente ${unique('r').slice(2)}`;
    const agentEmail = `${unique('agente')}@example.test`;
    const agent = await admin.call('POST', '/users', { body: { name: agentName, email: agentEmail, password: PASSWORD } });
    expect(agent.status).toBe(201);
    const agentId: number = agent.body.id;

    // --- /ratings: the modal's rules, then a geral rating with three options ---
    const page = await openPage(browser, 1280, 800);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/ratings`);
    await page.getByText('Nenhuma avaliação cadastrada.').waitFor();
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const modal = page.getByRole('dialog', { name: 'Adicionar avaliação' });
    await modal.getByLabel('Nome', { exact: true }).fill('ab');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.getByText('nome muito curto').waitFor();
    await modal.getByText('Obrigatório').first().waitFor();
    await modal.getByLabel('Nome', { exact: true }).fill('Pesquisa de satisfação');
    await modal.getByLabel('Mensagem').fill('Como você avalia nosso atendimento?');
    await modal.getByText('Geral', { exact: true }).click();
    expect(await modal.getByLabel('Geral').isChecked()).toBe(true);
    const option = (i: number) => modal.getByTestId(`rating-option-${i}`);
    await option(0).getByLabel('Nome da opção').fill('Ruim');
    await modal.getByRole('button', { name: 'Adicionar opção' }).click();
    await option(1).getByLabel('Nome da opção').fill('Regular');
    expect(await option(1).getByLabel('Valor').inputValue()).toBe('2');
    await modal.getByRole('button', { name: 'Adicionar opção' }).click();
    await option(2).getByLabel('Nome da opção').fill('Ótimo');
    await shot(page, 'ratings-1-modal');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Avaliação salva com sucesso!').waitFor();
    const row = page.locator('[data-testid^="rating-"]', { hasText: 'Pesquisa de satisfação' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Ativo');
    const ratingId = Number((await row.getAttribute('data-testid'))!.replace('rating-', ''));
    expect((await admin.call('GET', `/ratings/${ratingId}`)).body).toMatchObject({
      name: 'Pesquisa de satisfação',
      message: 'Como você avalia nosso atendimento?',
      geral: true,
      options: [{ name: 'Ruim', value: 1 }, { name: 'Regular', value: 2 }, { name: 'Ótimo', value: 3 }],
    });
    // Made elsewhere (another admin, the API): it arrives live.
    const other = await admin.call('POST', '/ratings', { body: { name: 'Pesquisa rápida', message: 'Nota?', geral: false, options: [{ name: 'Sim', value: 1 }] } });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    await page.getByTestId(`rating-${other.body.id}`).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId(`rating-${other.body.id}`).innerText()).toContain('Inativo');
    await shot(page, 'ratings-2-list');
    // Search (debounced): only the matching name stays.
    await page.getByPlaceholder('Pesquisar...').fill('rápida');
    // Both at once: while the searched page loads the list may briefly hold neither.
    await expect
      .poll(async () => [await page.getByTestId(`rating-${ratingId}`).count(), await page.getByTestId(`rating-${other.body.id}`).count()], { timeout: 10_000 })
      .toEqual([0, 1]);
    await page.getByPlaceholder('Pesquisar...').fill('');
    await page.getByTestId(`rating-${ratingId}`).waitFor();

    // --- a sandbox customer writes; the ticket goes to the agent ---
    const from = `55119${String(Date.now()).slice(-8)}`;
    expect((await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from, name: 'Joana Cliente', body: 'Oi, preciso de ajuda' } })).status).toBe(202);
    const ticket = await until('the customer ticket', async () => {
      const res = await admin.call('GET', '/tickets?showAll=true&status=pending');
      return (res.body.tickets as { id: number; uuid: string; contact: { name: string } }[] | undefined)?.find((t) => t.contact.name === 'Joana Cliente');
    });
    const moved = await admin.call('PUT', `/tickets/${ticket.id}`, { body: { status: 'open', userId: agentId } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const agentPage = await openPage(browser, 1280, 800);
    await loginAs(agentPage, agentEmail);
    await agentPage.waitForURL(/\/(dashboard|tickets)/);
    await agentPage.goto(`${baseUrl()}/tickets/${ticket.uuid}`);
    const chat = agentPage.getByTestId('ticket-chat');
    await chat.getByText(`#${ticket.id}`).waitFor();

    // The ticket's bot switch: what the server holds, flipped both ways.
    const bot = chat.getByTestId('bot-switch');
    const isBot = async () => (await admin.call('GET', `/tickets/u/${ticket.uuid}`)).body.isBot as boolean;
    const initially = await isBot();
    expect(await bot.getAttribute('aria-checked')).toBe(String(initially));
    await bot.click();
    await expect.poll(isBot).toBe(!initially);
    await expect.poll(() => bot.getAttribute('aria-checked')).toBe(String(!initially));
    const rowBot = agentPage.getByTestId(`ticket-${ticket.id}`).getByTestId('row-bot');
    await expect.poll(() => rowBot.count()).toBe(initially ? 0 : 1);
    await shot(agentPage, 'ratings-3-bot-switch');
    await bot.click();
    await expect.poll(isBot).toBe(initially);
    await expect.poll(() => rowBot.count()).toBe(initially ? 1 : 0);

    // userRating is turned on while the agent's screen still offers the plain resolve: refused, said.
    expect((await admin.call('PUT', '/settings/userRating', { body: { value: 'enabled' } })).status).toBe(200);
    await chat.getByRole('button', { name: /Resolver/ }).click();
    await agentPage.getByRole('menuitem', { name: 'Resolver sem mensagem de despedida' }).click();
    await agentPage.getByText(PT.ERR_RATING_REQUIRED).waitFor();
    expect((await admin.call('GET', `/tickets/u/${ticket.uuid}`)).body.status).toBe('open');

    // After a reload the menu says the rating is required and offers only the rating.
    await agentPage.reload();
    await chat.getByText(`#${ticket.id}`).waitFor();
    await chat.getByRole('button', { name: /Resolver/ }).click();
    const menu = agentPage.getByRole('menu');
    await menu.getByText('Avaliação obrigatória').waitFor();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Resolver e enviar avaliação']);
    await shot(agentPage, 'ratings-4-resolve-menu');
    await menu.getByRole('menuitem', { name: 'Resolver e enviar avaliação' }).click();
    const dialog = agentPage.getByRole('dialog', { name: 'Resolver com avaliação' });
    await expect.poll(() => dialog.getByRole('radio', { name: /Pesquisa de satisfação/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: /Pesquisa rápida/ }).isChecked()).toBe(false);
    await shot(agentPage, 'ratings-5-resolve-dialog');
    await dialog.getByRole('button', { name: 'Resolver e enviar' }).click();
    await agentPage.getByText('Avaliação enviada ao cliente.').waitFor();
    await agentPage.waitForURL(/\/tickets$/);
    expect((await admin.call('GET', `/tickets/u/${ticket.uuid}`)).body.status).toBe('closed');

    // The phone receives the menu; the customer answers the best option and is thanked.
    const menuText = await until('the rating menu on the phone', async () => (await outbox(admin, wid)).find((i) => i.to === from && i.body.includes('Como você avalia nosso atendimento?')), 30_000);
    expect(menuText.body).toContain('*3* - Ótimo');
    expect((await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from, name: 'Joana Cliente', body: '3' } })).status).toBe(202);
    await until('the completion message', async () => (await outbox(admin, wid)).some((i) => i.to === from && i.body.endsWith('Obrigado pela sua avaliação!')), 30_000);
    const day = todayBR();
    const summary = await until('the answer in GET /satisfaction', async () => {
      const s = await admin.call('GET', `/satisfaction?startDate=${encodeURIComponent(day)}&endDate=${encodeURIComponent(day)}`);
      return s.body?.totalResponses === 1 ? s.body : undefined;
    }, 30_000);
    expect(summary).toMatchObject({ totalResponses: 1, verySatisfied: 1, veryDissatisfied: 0, dissatisfied: 0, neutral: 0, satisfied: 0 });
    await agentPage.context().close();

    // --- /assessmentReport: 1 answer, very satisfied, on the agent's row ---
    await page.goto(`${baseUrl()}/assessmentReport`);
    await expect.poll(() => page.getByTestId('sat-total').locator('.sat-card__value').innerText(), { timeout: 15_000 }).toBe('1');
    expect(await page.getByTestId('sat-average').locator('.sat-card__value').innerText()).toMatch(/^5,0\s+de 5$/);
    expect(await page.getByTestId('sat-level-verySatisfied').getAttribute('data-count')).toBe('1');
    for (const level of ['veryDissatisfied', 'dissatisfied', 'neutral', 'satisfied']) expect(await page.getByTestId(`sat-level-${level}`).getAttribute('data-count')).toBe('0');
    await page.getByTestId('sat-levels').locator('.recharts-bar-rectangle').first().waitFor();
    const agentRow = page.getByTestId(`sat-agent-${agentId}`);
    await agentRow.waitFor();
    expect(await agentRow.innerText()).toContain(agentName);
    expect(await agentRow.getByTestId('satisfeito').innerText()).toBe('1');
    expect(await agentRow.getByTestId('insatisfeito').innerText()).toBe('0');
    expect(await agentRow.getByTestId('notaMedia').innerText()).toBe('5,0');
    await shot(page, 'ratings-6-report');
    // A past range has no answers.
    await page.locator('input[name="sat-from"]').fill('2020-01-01');
    await page.locator('input[name="sat-to"]').fill('2020-01-31');
    await expect.poll(() => page.getByTestId('sat-total').locator('.sat-card__value').innerText(), { timeout: 15_000 }).toBe('0');
    await page.getByText('Nenhuma resposta no período.').waitFor();
    await page.context().close();

    // --- dark mode and phone width ---
    const dark = await openPage(browser, 1280, 800, { dark: true });
    await loginAs(dark, email);
    await dark.waitForURL('**/dashboard');
    await dark.goto(`${baseUrl()}/assessmentReport`);
    await dark.getByTestId('sat-levels').locator('.recharts-bar-rectangle').first().waitFor();
    await shot(dark, 'ratings-7-report-dark');
    await dark.goto(`${baseUrl()}/ratings`);
    await dark.getByTestId(`rating-${ratingId}`).waitFor();
    await shot(dark, 'ratings-8-list-dark');
    await dark.getByRole('button', { name: 'Editar a avaliação Pesquisa de satisfação' }).click();
    await dark.getByRole('dialog', { name: 'Editar avaliação' }).getByTestId('rating-option-2').waitFor();
    await shot(dark, 'ratings-9-modal-dark');
    await dark.context().close();

    const phone = await openPage(browser, 390, 844);
    await loginAs(phone, email);
    await phone.waitForURL('**/dashboard');
    await phone.goto(`${baseUrl()}/assessmentReport`);
    await phone.getByTestId('sat-levels').locator('.recharts-bar-rectangle').first().waitFor();
    await shot(phone, 'ratings-10-report-phone');
    await phone.evaluate('window.scrollTo(0, 2000)');
    await shot(phone, 'ratings-11-report-phone-agents');
    await phone.goto(`${baseUrl()}/ratings`);
    await phone.getByTestId(`rating-${ratingId}`).waitFor();
    await shot(phone, 'ratings-12-list-phone');
    // Delete, after the confirmation: gone from the list.
    await phone.getByRole('button', { name: 'Excluir a avaliação Pesquisa rápida' }).click();
    await phone.getByRole('dialog', { name: 'Excluir a avaliação Pesquisa rápida?' }).getByRole('button', { name: 'Excluir' }).click();
    await phone.getByText('Avaliação excluída com sucesso!').waitFor();
    await expect.poll(() => phone.getByTestId(`rating-${other.body.id}`).count()).toBe(0);
    expect((await admin.call('GET', `/ratings/${other.body.id}`)).status).toBe(404);
    await phone.context().close();
  }, 240_000);
});
