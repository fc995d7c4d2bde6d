/**
 * /contacts in a real browser on the local stack: an admin adds a contact (validation errors
 * shown, then fixed), searches it, imports a generated xlsx and watches the job finish, exports
 * the CSV and reads it, and opens a chat that lands on /tickets/{uuid}. Phone width and dark
 * mode screenshots.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { spreadsheet } from '../support/files';
import { launch, loginAs, newPage, shot, SHOTS } from '../support/browser';
import { baseUrl, newCompany } from '../support/api';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});


describe('/contacts', () => {
  it('adds with validation, searches, imports an xlsx to the end, exports the CSV and opens a chat', async () => {
    const { admin, email } = await newCompany();
    // The company's connection: new tickets are opened on it.
    expect((await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox Contatos', channel: 'sandbox' } })).status).toBe(201);
    const page = await newPage(browser);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/contacts`);
    await page.getByRole('heading', { name: 'Contatos (0)' }).waitFor();

    // add: empty → Required; short name, short number, bad e-mail → the spec's messages; fixed → saved
    await page.getByRole('button', { name: 'Adicionar contato' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar contato' });
    await expect(dialog.getByRole('button', { name: 'Conversar' }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Required').first().waitFor();
    expect(await dialog.getByText('Required').count()).toBe(2);
    await dialog.locator('input[name="name"]').fill('A');
    await dialog.locator('input[name="number"]').fill('12 34');
    await dialog.locator('input[name="email"]').fill('maria@');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Invalid email').waitFor();
    expect(await dialog.getByText('Too Short!').count()).toBe(2);
    await shot(page, 'contacts-modal-errors');
    await dialog.locator('input[name="name"]').fill('Maria Souza');
    await dialog.locator('input[name="number"]').fill('+55 (11) 98765-4321');
    await dialog.locator('input[name="email"]').fill('maria@example.com');
    await dialog.getByRole('button', { name: 'Adicionar informação' }).click();
    await dialog.getByLabel('Nome do campo').fill('CPF');
    await dialog.getByLabel('Valor').fill('123.456.789-00');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar contato' });
    await edit.waitFor();
    // saved: Save off (nothing changed), Chat on (it exists with a number)
    expect(await edit.getByRole('button', { name: 'Salvar' }).isDisabled()).toBe(true);
    expect(await edit.getByRole('button', { name: 'Conversar' }).isDisabled()).toBe(false);
    await edit.getByRole('button', { name: 'Fechar' }).last().click();
    await page.getByRole('heading', { name: 'Contatos (1)' }).waitFor();
    await page.getByRole('cell', { name: '5511987654321' }).waitFor();

    // search (debounced) narrows the list
    await page.getByLabel('Pesquisar por nome, número ou e-mail').fill('ninguem');
    await page.getByText('Nenhum contato encontrado.').waitFor();
    await page.getByLabel('Pesquisar por nome, número ou e-mail').fill('maria');
    await page.getByRole('cell', { name: 'Maria Souza', exact: true }).waitFor();
    await page.getByLabel('Pesquisar por nome, número ou e-mail').fill('');

    // import an xlsx: 3 new, 1 duplicate of Maria, 1 bad row
    const file = await spreadsheet([
      ['nome', 'numero', 'email'],
      ['João Lima', '5511911110001', 'joao@example.com'],
      ['Ana Reis', '5511911110002', ''],
      ['Bruno Dias', '5511911110003', ''],
      ['Maria de Novo', '5511987654321', ''],
      ['Sem Numero', '12', ''],
    ]);
    await page.getByRole('button', { name: /Importar/ }).click();
    await page.getByRole('menuitem', { name: /planilha/ }).click();
    await page.getByTestId('import-file').setInputFiles({ name: 'contatos.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    await page.getByText('Importação concluída').waitFor({ timeout: 60_000 });
    const bar = page.getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    // The bar is drawn full beside its '100%' (no transition left half-way).
    const fill = await bar.evaluate((el) => el.querySelector('.progress__bar')!.getBoundingClientRect().width / el.getBoundingClientRect().width);
    expect(fill).toBeGreaterThan(0.97);
    const summary = await page.getByTestId('import-summary').innerText();
    expect(summary).toContain('Criados: 3');
    expect(summary).toContain('Não importados: 2');
    expect(summary).toContain('Linhas com problema: 2');
    // row numbers count the header: Maria's duplicate is row 5, the short number row 6
    await page.getByText(/Linha 5: Já existe um contato com este número/).waitFor();
    // The field is named in Portuguese too, not by its key ('number: …').
    await page.getByText(/Linha 6: Número: /).waitFor();
    await shot(page, 'contacts-import-finished');
    await page.getByRole('dialog', { name: 'Importar contatos' }).getByRole('button', { name: 'Fechar' }).last().click();
    await page.getByRole('heading', { name: 'Contatos (4)' }).waitFor();

    // export: the download is contacts.csv with ';' and every contact
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
    expect(download.suggestedFilename()).toBe('contacts.csv');
    const path = `${SHOTS}/../contacts-export.csv`;
    await download.saveAs(path);
    const csv = await readFile(path, 'utf8');
    expect(csv).toContain(';');
    for (const n of ['5511987654321', '5511911110001', '5511911110002', '5511911110003']) expect(csv).toContain(n);
    expect(csv).toContain('Maria Souza');
    await shot(page, 'contacts-list');

    // chat from the row: a ticket is opened and the app goes to it
    await page.getByRole('button', { name: 'Conversar com Maria Souza' }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await page.context().close();

    // phone width, dark mode (a second sign-in replaces the first session, so it comes last)
    const phone = await newPage(browser, 390, 844);
    await phone.addInitScript("localStorage.setItem('colorMode', 'dark')");
    await loginAs(phone, email);
    await phone.waitForURL('**/dashboard');
    await phone.goto(`${baseUrl()}/contacts`);
    await phone.getByRole('heading', { name: 'Contatos (4)' }).waitFor();
    await phone.getByText('Bruno Dias').waitFor();
    await shot(phone, 'contacts-phone-dark');
    await phone.getByRole('button', { name: 'Editar Maria Souza' }).click();
    await phone.getByRole('dialog', { name: 'Editar contato' }).locator('input[name="name"]').waitFor();
    await shot(phone, 'contacts-modal-phone-dark');
    await phone.context().close();

  }, 180_000);
});
