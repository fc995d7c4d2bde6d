/**
 * Companies and plans in a real browser (issue 20): the super admin creates a plan in Settings >
 * Plans (the flow-builder flag appears only on the top tier) and a company on /companies with the
 * company-plan modal (the spec's messages first); that company's admin signs in. On /companies the
 * due-date colours and '+ Vencimento'; a company admin reaching /companies is told the company may
 * not access it and goes to / after 1 s; the super admin deletes a company and sees the progress to
 * the end. Screenshots desktop, phone width and dark mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addMonths } from '@conversa/shared/recurrence';
import { launch, loginAs, shot } from '../support/browser';
import { baseUrl, Client, newCompany, PASSWORD, signedIn, unique } from '../support/api';

async function openPage(browser: Browser, width: number, height: number, opts: { dark?: boolean } = {}): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height }, locale: 'pt-BR', colorScheme: opts.dark ? 'dark' : 'light' });
  if (opts.dark) await ctx.addInitScript("localStorage.setItem('colorMode', 'dark')");
  return ctx.newPage();
}

const SUPER = 'admin@conversa.local';
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('companies and plans (super admin)', () => {
  it('creates a plan and a company in the browser; the company admin signs in; due dates, + Vencimento, deletion with progress', async () => {
    const planName = `Plano ${unique('p').slice(2)}`;
    const companyName = `Empresa ${unique('e').slice(2)}`;
    const adminEmail = `${unique('dono')}@example.test`;

    const page = await openPage(browser, 1280, 860);
    await loginAs(page, SUPER);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));

    // --- Settings > Plans: the flow-builder flag only on the top tier ---
    await page.goto(`${baseUrl()}/settings`);
    await page.getByRole('tab', { name: 'Planos' }).click();
    const plans = page.getByTestId('settings-plans');
    await plans.getByLabel('Nome').fill(planName);
    await plans.getByLabel('Nível').selectOption('empresarial');
    expect(await plans.getByLabel('Construtor de fluxos').count()).toBe(0);
    await plans.getByLabel('Nível').selectOption('ultimate');
    await expect.poll(() => plans.getByLabel('Construtor de fluxos').count()).toBe(1);
    expect(await plans.getByLabel('Campanhas').isChecked()).toBe(true);
    expect(await plans.getByLabel('Construtor de fluxos').isChecked()).toBe(false);
    await plans.getByLabel('Usuários').fill('4');
    await plans.getByLabel('Conexões').fill('3');
    await plans.getByLabel('Valor (R$)').fill('149,90');
    await shot(page, 'companies-plans-form');
    await plans.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Operação realizada com sucesso!').first().waitFor();
    const row = plans.locator('tr', { hasText: planName });
    await row.waitFor();
    expect((await row.textContent())?.replace(/\s/g, ' ')).toContain('R$ 149,90');
    await shot(page, 'companies-plans-table');

    // --- /companies: the modal's messages, then a company on the new plan ---
    await page.goto(`${baseUrl()}/companies`);
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.getByText('Nome é obrigatório').waitFor();
    await modal.getByText('E-mail é obrigatório').waitFor();
    await modal.getByLabel('E-mail').fill('not-an-email');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.getByText('Email é inválido').waitFor();
    await modal.getByLabel('Nome').fill(companyName);
    await modal.getByLabel('E-mail').fill(adminEmail);
    await modal.getByLabel('Senha do administrador').fill(PASSWORD);
    await modal.getByLabel('Plano').selectOption({ label: planName });
    await expect.poll(() => modal.getByLabel('Atendentes').inputValue()).toBe('4');
    await shot(page, 'companies-modal');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Operação realizada com sucesso!').first().waitFor();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // The list finds it by search (debounced), with no due date yet.
    await page.getByPlaceholder('Pesquisar...').fill(companyName);
    const companyRow = page.locator('tr', { hasText: companyName });
    await companyRow.waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);

    // --- that company's admin signs in ---
    const ownerPage = await openPage(browser, 1280, 800);
    await loginAs(ownerPage, adminEmail);
    await ownerPage.waitForURL((u) => !u.pathname.startsWith('/login'));
    expect(await ownerPage.evaluate("localStorage.getItem('token')")).toBeTruthy();
    // A company admin reaching /companies: the message, then / after 1 s.
    await ownerPage.goto(`${baseUrl()}/companies`);
    await ownerPage.getByText('Esta empresa não possui permissão para acessar essa página!', { exact: false }).first().waitFor();
    await shot(ownerPage, 'companies-no-access');
    await ownerPage.waitForURL((u) => u.pathname !== '/companies', { timeout: 5000 });
    await ownerPage.context().close();

    // --- due-date colours and '+ Vencimento' (via the API: a due date in 3 days, then one month more) ---
    const id = Number((await companyRow.getAttribute('data-testid'))!.replace('company-', ''));
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const token = (await page.evaluate("localStorage.getItem('token')")) as string;
    expect((await new Client().call('PUT', `/companies/${id}`, { body: { dueDate: soon }, token })).status).toBe(200);
    await page.reload();
    await page.getByPlaceholder('Pesquisar...').fill(companyName);
    await expect.poll(() => page.locator(`[data-testid="company-${id}"]`).getAttribute('data-due')).toBe('yellow');
    await page.getByRole('button', { name: new RegExp(`Somar 1 mês\\(es\\) ao vencimento de ${companyName}`) }).click();
    const next = addMonths(soon, 1);
    await page.getByText(`Vencimento alterado para ${next.slice(8, 10)}/${next.slice(5, 7)}/${next.slice(0, 4)}.`).first().waitFor();
    await expect.poll(() => page.locator(`[data-testid="company-${id}"]`).getAttribute('data-due')).toBe('green');
    await page.getByPlaceholder('Pesquisar...').fill('');
    await page.waitForTimeout(700);
    await shot(page, 'companies-desktop');

    // --- Settings > Companies: the full form (CPF/CNPJ by check digits, billing address) over the table ---
    await page.goto(`${baseUrl()}/settings`);
    await page.getByRole('tab', { name: 'Empresas' }).click();
    const cs = page.getByTestId('settings-companies');
    await cs.getByPlaceholder('Pesquisar...').fill(companyName);
    await cs.getByRole('button', { name: `Editar ${companyName}` }).click();
    await expect.poll(() => cs.getByLabel('Nome', { exact: true }).inputValue()).toBe(companyName);
    await cs.getByLabel('CPF/CNPJ').fill('529.982.247-24');
    await cs.getByRole('button', { name: 'Salvar' }).click();
    await cs.getByText('CPF ou CNPJ inválido').waitFor();
    await cs.getByLabel('CPF/CNPJ').fill('11.222.333/0001-81');
    await cs.getByLabel('CEP').fill('01001-000');
    await cs.getByLabel('Cidade').fill('São Paulo');
    await cs.getByLabel('UF').fill('sp');
    await shot(page, 'companies-settings-tab');
    await cs.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Operação realizada com sucesso!').first().waitFor();
    const saved = await new Client().call('GET', `/companies/${id}`, { token });
    expect(saved.body).toMatchObject({ document: '11222333000181', addressZipCode: '01001000', addressCity: 'São Paulo', addressState: 'SP' });

    // --- phone width and dark mode ---
    const phone = await openPage(browser, 390, 844);
    await loginAs(phone, SUPER);
    await phone.waitForURL((u) => !u.pathname.startsWith('/login'));
    await phone.goto(`${baseUrl()}/companies`);
    await phone.locator('tbody tr').first().waitFor();
    await shot(phone, 'companies-phone');
    await phone.context().close();
    const dark = await openPage(browser, 1280, 800, { dark: true });
    await loginAs(dark, SUPER);
    await dark.waitForURL((u) => !u.pathname.startsWith('/login'));
    await dark.goto(`${baseUrl()}/companies`);
    await dark.locator('tbody tr').first().waitFor();
    await shot(dark, 'companies-dark');

    // --- deleting a company: confirmation, then the job's progress to the end ---
    await dark.getByPlaceholder('Pesquisar...').fill(companyName);
    await dark.locator('tr', { hasText: companyName }).waitFor();
    await dark.getByRole('button', { name: `Excluir ${companyName}` }).click();
    await dark.getByText(`Excluir a empresa ${companyName}?`).waitFor();
    await dark.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await dark.getByTestId('deletion-progress').waitFor();
    // The job Scans the whole table twice: on the suite's shared table, late in a run, that takes a while.
    await expect.poll(() => dark.getByTestId('deletion-progress').getAttribute('data-state'), { timeout: 150_000 }).toBe('done');
    await dark.getByText('Empresa excluída.', { exact: false }).waitFor();
    await shot(dark, 'companies-deleted-dark');
    await dark.getByRole('button', { name: 'Fechar' }).first().click();
    await expect.poll(() => dark.locator('tr', { hasText: companyName }).count()).toBe(0);
    // Its admin can no longer sign in; the plan is free again.
    const gone = await signedIn(adminEmail).catch((e: Error) => e.message);
    expect(String(gone)).toMatch(/401|403/);
    await dark.context().close();
    await page.context().close();
  }, 240_000);

  it('a company admin gets no Companies or Plans tab in Settings', async () => {
    const { email } = await newCompany();
    const page = await openPage(browser, 1280, 800);
    await loginAs(page, email);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto(`${baseUrl()}/settings`);
    await page.getByRole('tab', { name: 'Opções' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Empresas' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Planos' }).count()).toBe(0);
    await page.context().close();
  });
});
