/**
 * Session commands in a real browser on the local stack (sandbox channel): the admin creates a
 * group from the tickets page and lands on its ticket, where a member's message shows up; then
 * imports the phone's chats from /contacts and watches the job create the missing contact, and
 * nothing on a second run. Screenshots at desktop and phone widths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, loginAs, newPage, shot } from '../support/browser';
import { baseUrl, newCompany } from '../support/api';
import { pairSandbox, until } from '../support/sandbox';

const ANA = '5511972220001';
const BETO = '5511972220002';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('groups and chat import in the browser', () => {
  it('creates a group and opens its ticket; imports the phone chats', async () => {
    const { admin, email } = await newCompany();
    const queue = await admin.call('POST', '/queue', { body: { name: 'Vendas', color: '#ff0000' } });
    expect(queue.status, JSON.stringify(queue.body)).toBe(201);
    const conn = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox Grupos', channel: 'sandbox', isDefault: true, allowGroups: true } })).body;
    await pairSandbox(admin, conn.id);
    for (const [from, name] of [[ANA, 'Ana Cliente'], [BETO, 'Beto Cliente']] as const) await admin.call('POST', `/sandbox/${conn.id}/inbound`, { body: { from, name, body: 'Olá!' } });
    await until('both contacts', async () => {
      const list = (await admin.call('GET', '/contacts')).body.contacts as { number: string }[];
      return list.filter((c) => c.number === ANA || c.number === BETO).length === 2;
    });

    const page = await newPage(browser);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/tickets`);
    await page.getByTestId('tab-group').click();
    await page.getByRole('button', { name: 'Criar Grupo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar Grupo' });
    await dialog.getByLabel('Nome do grupo').fill('Equipe Projeto');
    for (const name of ['Ana Cliente', 'Beto Cliente']) {
      await dialog.locator('input[name="contactSearch"]').fill(name.slice(0, 4));
      await dialog.getByRole('option', { name: new RegExp(name) }).click();
    }
    await dialog.locator('select[name="queueId"]').selectOption({ label: 'Vendas' });
    await dialog.locator('select[name="whatsappId"]').selectOption(String(conn.id));
    await shot(page, 'group-modal-filled');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.getByText('Equipe Projeto').first().waitFor();
    const uuid = page.url().split('/').pop()!;
    const ticket = (await admin.call('GET', `/tickets/u/${uuid}`)).body;
    expect(ticket).toMatchObject({ isGroup: true, status: 'open', contact: { name: 'Equipe Projeto' } });

    // A member writes in the group: the open chat shows it.
    await admin.call('POST', `/sandbox/${conn.id}/inbound`, { body: { from: ANA, name: 'Ana Cliente', body: 'Oi, equipe!', group: { id: ticket.contact.number, name: 'Equipe Projeto' } } });
    await page.getByTestId('ticket-chat').getByText('Oi, equipe!').waitFor({ timeout: 20_000 });
    await shot(page, 'group-ticket-open');

    // Beto's contact goes away; the phone still knows him.
    const pending = (await admin.call('GET', '/tickets?status=pending&showAll=true&limit=100')).body.tickets as { id: number; contactId: number; contact: { number: string } }[];
    const beto = pending.find((t) => t.contact.number === BETO)!;
    await admin.call('PUT', `/tickets/${beto.id}`, { body: { status: 'closed', justClose: true } });
    expect((await admin.call('DELETE', `/contacts/${beto.contactId}`)).status).toBe(204);

    await page.goto(`${baseUrl()}/contacts`);
    await page.getByRole('button', { name: 'Importar' }).click();
    await page.getByRole('menuitem', { name: 'Das conversas do celular' }).click();
    const chats = page.getByRole('dialog', { name: 'Importar das conversas do celular' });
    await chats.getByTestId('import-chats-start').click();
    await chats.getByText('Importação concluída').waitFor({ timeout: 30_000 });
    await expect(chats.getByTestId('import-summary').innerText()).resolves.toContain('Criados: 1');
    await shot(page, 'chats-import-done');
    await page.getByRole('cell', { name: 'Beto Cliente' }).first().waitFor();

    await chats.getByRole('button', { name: 'Importar de novo' }).click();
    await until('the second import to end with nothing created', async () => (await chats.getByTestId('import-summary').innerText()).includes('Criados: 0'), 30_000);
    await chats.getByText('Importação concluída').waitFor();

    // Phone width: the dialog fits.
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'chats-import-phone');
    await page.close();
  }, 180_000);
});
