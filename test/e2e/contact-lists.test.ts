/**
 * Contact lists in a real browser on the local stack (issue 22): an admin behind the cshow flag
 * makes a list, imports an .xlsx into it (confirmation with the sample link, live progress, a bad
 * row reported by its line), sees the items with their WhatsApp-valid icons and the list's count,
 * adds one by hand with the spec's validation messages. Phone width and dark mode screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { spreadsheet } from '../support/files';
import { launch, loginAs, newPage, shot } from '../support/browser';
import { baseUrl, newCompany } from '../support/api';
import { pairSandbox } from '../support/sandbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});


describe('/contact-lists', () => {
  it('makes a list, imports an xlsx with a bad row, sees the items live and adds one by hand', async () => {
    const { admin, email } = await newCompany();
    const sandbox = await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox Listas', channel: 'sandbox' } });
    expect(sandbox.status).toBe(201);
    // The numbers are checked on the company's connected session (asynchronously, live on the page).
    await pairSandbox(admin, sandbox.body.id);
    const page = await newPage(browser);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.evaluate("localStorage.setItem('cshow', '1')");
    await page.goto(`${baseUrl()}/contact-lists`);
    await page.getByRole('heading', { name: 'Listas de Contatos' }).waitFor();

    await page.getByRole('button', { name: 'Nova lista' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova lista' });
    await dialog.locator('input[name="name"]').fill('A');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Too Short!').waitFor();
    await dialog.locator('input[name="name"]').fill('Clientes VIP');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator('tr', { hasText: 'Clientes VIP' });
    await row.getByTestId('contacts-count').getByText('0').waitFor();
    expect(await row.getByRole('link', { name: 'Baixar planilha de exemplo' }).getAttribute('href')).toBe('/planilha-exemplo-lista.xlsx');
    await row.getByRole('link', { name: 'Ver os contatos de Clientes VIP' }).click();
    await page.waitForURL('**/contact-lists/*/contacts');
    await page.getByRole('heading', { name: 'Contatos da lista: Clientes VIP' }).waitFor();

    const file = await spreadsheet([
      ['Nome', 'Numero', 'Email', 'Empresa'],
      ['Ana Lima', 5511970000001, 'ana@example.com', 'ACME'],
      ['B', '5511970000002', '', ''],
      ['Carlos Sem Conta', '5511970000000', '', 'Loja'],
      ['Dora Dias', '5511970000004', 'dora@example.com', ''],
    ]);
    await page.getByRole('button', { name: 'Importar' }).click();
    const imp = page.getByRole('dialog', { name: 'Importar contatos' });
    expect(await imp.getByTestId('sample-link').getAttribute('href')).toBe('/planilha-exemplo-lista.xlsx');
    await imp.getByTestId('list-import-file').setInputFiles({ name: 'lista.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    await imp.getByTestId('list-import-status').getByText('Importação concluída').waitFor({ timeout: 30_000 });
    await imp.getByText('3 contato(s) importado(s)').waitFor();
    await imp.getByTestId('list-import-errors').getByText('Linha 3').waitFor();
    await shot(page, 'contact-lists-import');
    await imp.getByText('Fechar', { exact: true }).click();

    // The items, with the sandbox's answer: a number ending in 000 has no WhatsApp.
    await page.getByRole('cell', { name: 'Dora Dias', exact: true }).waitFor();
    const ana = page.locator('tr', { hasText: 'Ana Lima' });
    await ana.getByRole('img', { name: 'Número válido no WhatsApp' }).waitFor();
    await ana.getByRole('cell', { name: 'ACME', exact: true }).waitFor();
    await page.locator('tr', { hasText: 'Carlos Sem Conta' }).getByRole('img', { name: 'Número sem WhatsApp' }).waitFor();

    // By hand: the spec's messages, then saved.
    await page.getByRole('button', { name: 'Novo contato' }).click();
    const add = page.getByRole('dialog', { name: 'Novo contato' });
    await add.locator('input[name="name"]').fill('Eva');
    await add.locator('input[name="number"]').fill('1234');
    await add.locator('input[name="email"]').fill('eva@');
    await add.getByRole('button', { name: 'Salvar' }).click();
    await add.getByText('Invalid email').waitFor();
    await add.getByText('Too Short!').waitFor();
    await add.locator('input[name="number"]').fill('5511970000005');
    await add.locator('input[name="email"]').fill('eva@example.com');
    await add.getByRole('button', { name: 'Salvar' }).click();
    await add.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Eva', exact: true }).waitFor();
    await shot(page, 'contact-list-items');

    // Phone width, dark mode (its login ends the desktop page's session: the address is taken first).
    const itemsUrl = page.url();
    const phone = await newPage(browser, 390, 844, { dark: true });
    await loginAs(phone, email);
    await phone.waitForURL('**/dashboard');
    await phone.evaluate("localStorage.setItem('cshow', '1')");
    await phone.goto(itemsUrl);
    await phone.getByRole('heading', { name: 'Contatos da lista: Clientes VIP' }).waitFor();
    await phone.getByRole('cell', { name: 'Dora Dias', exact: true }).waitFor();
    await shot(phone, 'contact-list-items-phone-dark');
    await phone.goto(`${baseUrl()}/contact-lists`);
    await phone.locator('tr', { hasText: 'Clientes VIP' }).getByTestId('contacts-count').getByText('4').waitFor();
    await shot(phone, 'contact-lists-phone-dark');
    await phone.close();
  }, 120_000);
});
