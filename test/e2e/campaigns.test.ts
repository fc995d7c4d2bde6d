/**
 * Bulk campaigns in a real browser on the local stack (issue 22 "Browser", spec 3 "Campaigns
 * page", §3 Campaign settings, §4, §9): an admin behind cshow sets the intervals and a custom
 * variable in /campaigns-config, imports a list from an .xlsx, creates a campaign with two
 * variants (a variable chip inserted at the cursor) and a picture, starts it at once, watches the
 * report fill live, stops it, restarts it, and sees it finish (the report reads again 5 s after);
 * every valid number gets exactly one message, with the picture. The finished campaign's dialog
 * is read-only. Screenshots of each screen in light, dark and phone width.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { runCampaigns } from '../../functions/src/domain/campaigns/tick';
import { pngOf, spreadsheet } from '../support/files';
import { launch, loginAs, newPage, shot } from '../support/browser';
import { newCampaignDialog } from '../support/campaign-page';
import { baseUrl, newCompany, type Client } from '../support/api';
import { pairSandbox, sandboxOutbox, until } from '../support/sandbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const NUMBERS = ['5511971000001', '5511971000002', '5511971000003', '5511971000004', '5511971000005', '5511971000006'];
const NAMES = ['Ana Lima', 'Bruno Reis', 'Carla Dias', 'Davi Souza', 'Elisa Prado', 'Fabio Nunes'];

/** What the campaign's numbers received. */
const outbox = async (admin: Client, wid: number) => (await sandboxOutbox(admin, wid)).filter((i) => NUMBERS.some((n) => i.to.startsWith(n)));

/** A counter of the report as shown. */
const counter = async (page: Page, key: string) => Number(await page.getByTestId(`counter-${key}`).locator('.campaign-counter__value').textContent());

async function cshowPage(email: string, width = 1280, height = 800, dark = false): Promise<Page> {
  const page = await newPage(browser, width, height, { dark });
  await loginAs(page, email);
  await page.waitForURL('**/dashboard');
  await page.evaluate("localStorage.setItem('cshow', '1')");
  return page;
}

describe('/campaigns', () => {
  it('configures, imports a list, creates a campaign with two variants and a picture, starts, stops, restarts and reports it live', async () => {
    const { admin, email, companyId } = await newCompany();
    const conn = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox Campanhas', channel: 'sandbox' } })).body;
    await pairSandbox(admin, conn.id);
    const page = await cshowPage(email);

    // The drawer lists the three pages; the settings: the spec's options and defaults, a custom variable added once.
    await page.goto(`${baseUrl()}/campaigns-config`);
    await page.getByRole('heading', { name: 'Configurações de campanhas' }).waitFor();
    const interval = page.getByLabel('Intervalo randômico de disparo');
    expect(await interval.inputValue()).toBe('20');
    expect(await page.getByLabel('Intervalo maior após').inputValue()).toBe('20');
    expect(await page.getByLabel('Intervalo de disparo maior').inputValue()).toBe('60');
    expect(await interval.locator('option').allTextContents()).toEqual(['Não definido', ...[5, 10, 15, 20, 30, 40, 50, 60, 120, 180, 300].map((n) => `${n} segundos`)]);
    await interval.selectOption('5');
    await page.getByLabel('Intervalo maior após').selectOption('0');
    await page.getByLabel('Chave').fill('cupom');
    await page.getByLabel('Valor').fill('BF10');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByLabel('Chave').fill('cupom');
    await page.getByLabel('Valor').fill('outro');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByText('Já existe uma variável com essa chave.').waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Configurações salvas').waitFor();
    expect((await admin.call('GET', '/campaign-settings')).body).toMatchObject({ messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 60, variables: [{ key: 'cupom', value: 'BF10' }] });
    await shot(page, 'campaigns-config');

    // A list from an .xlsx: six numbers with WhatsApp and one without (the sandbox: ending in 000).
    await page.goto(`${baseUrl()}/contact-lists`);
    await page.getByRole('button', { name: 'Nova lista' }).click();
    const listDialog = page.getByRole('dialog', { name: 'Nova lista' });
    await listDialog.locator('input[name="name"]').fill('Clientes Black Friday');
    await listDialog.getByRole('button', { name: 'Salvar' }).click();
    await listDialog.waitFor({ state: 'hidden' });
    await page.locator('tr', { hasText: 'Clientes Black Friday' }).getByRole('link', { name: 'Ver os contatos de Clientes Black Friday' }).click();
    const file = await spreadsheet([['Nome', 'Numero', 'Email'], ...NAMES.map((n, i) => [n, NUMBERS[i]!, `${n.split(' ')[0]!.toLowerCase()}@example.com`]), ['Sem Conta', '5511971000000', '']]);
    await page.getByRole('button', { name: 'Importar' }).click();
    const imp = page.getByRole('dialog', { name: 'Importar contatos' });
    await imp.getByTestId('list-import-file').setInputFiles({ name: 'clientes.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    await imp.getByText('7 contato(s) importado(s)').waitFor({ timeout: 30_000 });
    await imp.getByText('Fechar', { exact: true }).click();
    await page.locator('tr', { hasText: 'Sem Conta' }).getByRole('img', { name: 'Número sem WhatsApp' }).waitFor();

    // The campaign: two variants (a chip puts {nome} at the cursor), a picture, starting now.
    const dialog = await newCampaignDialog(page, baseUrl(), { name: 'Black Friday', connection: 'Sandbox Campanhas', list: 'Clientes Black Friday' });
    expect(await dialog.getByRole('tab').allTextContents()).toEqual(['Mensagem 1', 'Mensagem 2', 'Mensagem 3', 'Mensagem 4', 'Mensagem 5']);
    const first = dialog.getByRole('textbox', { name: 'Mensagem 1', exact: true });
    await first.fill('Olá , a Black Friday chegou! Cupom {cupom}');
    await first.evaluate((el) => (el as unknown as { setSelectionRange(a: number, b: number): void }).setSelectionRange(4, 4));
    await dialog.getByRole('button', { name: 'Inserir {nome}' }).click();
    expect(await first.inputValue()).toBe('Olá {nome}, a Black Friday chegou! Cupom {cupom}');
    await dialog.getByRole('tab', { name: 'Mensagem 2' }).click();
    await dialog.getByRole('textbox', { name: 'Mensagem 2', exact: true }).fill('Oi {nome}! Só hoje: cupom {cupom}');
    await dialog.getByTestId('campaign-media').setInputFiles({ name: 'oferta.png', mimeType: 'image/png', buffer: pngOf(64, 64, [200, 40, 40]) });
    await dialog.getByText('oferta.png').waitFor();
    await dialog.getByText('Pedir confirmação', { exact: true }).click();
    expect(await dialog.getByRole('switch', { name: 'Pedir confirmação' }).isChecked()).toBe(true);
    await dialog.getByRole('tab', { name: 'Confirmação 5' }).waitFor();
    expect(await dialog.getByRole('tab').count()).toBe(10);
    await dialog.getByText('Pedir confirmação', { exact: true }).click();
    expect(await dialog.getByRole('tab').count()).toBe(5);
    await dialog.getByRole('button', { name: 'Agora' }).click();
    await shot(page, 'campaign-dialog');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Campanha Black Friday iniciada.').waitFor();
    const row = page.locator('tr', { hasText: 'Black Friday' });
    await row.getByTestId('campaign-status').getByText('Em Andamento').waitFor();
    await row.getByText('Desabilitada').waitFor();
    await shot(page, 'campaigns');

    // The report fills live (the socket, no reload).
    await row.getByRole('link', { name: 'Relatório da campanha Black Friday' }).click();
    await page.waitForURL('**/campaign/*/report');
    const reportUrl = page.url();
    const campaignId = Number(/campaign\/(\d+)\/report/.exec(reportUrl)![1]);
    await until('the staged counters', async () => (await counter(page, 'valid')) === 6 && (await counter(page, 'invalid')) === 1, 30_000);
    await until('a first send shown live', async () => (await counter(page, 'sent')) >= 1, 30_000);
    await page.locator('tr[data-status="invalid"]', { hasText: 'Sem Conta' }).getByText('Número inválido').waitFor();
    await shot(page, 'campaign-report-running');
    // The recipients' own statuses follow (the table is read again once the counters move).
    await page.locator('tr[data-status="read"], tr[data-status="delivered"], tr[data-status="sent"]').first().waitFor({ timeout: 15_000 });

    // Stop: nothing more goes out; restart: only what never went out, each number once.
    await page.getByRole('button', { name: 'Voltar' }).click();
    await page.getByRole('button', { name: 'Parar a campanha Black Friday' }).click();
    await page.getByText('Campanha interrompida.').waitFor();
    await row.getByTestId('campaign-status').getByText('Cancelada').waitFor();
    const atStop = (await outbox(admin, conn.id)).length;
    await new Promise((r) => setTimeout(r, 3000));
    expect((await outbox(admin, conn.id)).length).toBe(atStop);
    // Cancelled: only the messages can change; the restart button is there.
    await row.getByRole('button', { name: 'Editar a campanha Black Friday' }).click();
    const cancelled = page.getByRole('dialog', { name: 'Editar campanha' });
    await cancelled.getByText('Campanha cancelada: só as mensagens podem ser alteradas.').waitFor();
    expect(await cancelled.getByLabel('Nome', { exact: true }).isDisabled()).toBe(true);
    expect(await cancelled.getByRole('textbox', { name: 'Mensagem 1', exact: true }).isDisabled()).toBe(false);
    await cancelled.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: 'Reiniciar a campanha Black Friday' }).click();
    await row.getByTestId('campaign-status').getByText('Em Andamento').waitFor();

    await page.goto(reportUrl);
    await until('every valid number sent', async () => (await outbox(admin, conn.id)).length >= NUMBERS.length, 60_000);
    const sent = await outbox(admin, conn.id);
    expect(sent.map((s) => s.to.replace(/\D/g, '').slice(0, 13)).sort()).toEqual([...NUMBERS].sort());
    for (const s of sent) {
      const name = NAMES[NUMBERS.indexOf(s.to.replace(/\D/g, '').slice(0, 13))]!;
      expect([`Olá ${name}, a Black Friday chegou! Cupom BF10`, `Oi ${name}! Só hoje: cupom BF10`]).toContain(s.body);
      expect(s).toMatchObject({ mediaType: 'image', filename: 'oferta.png' });
    }
    await until('the report to show every send', async () => (await counter(page, 'sent')) === 6, 30_000);

    // Everything sent: the planner finishes it; the report reads everything again 5 s after.
    await until('FINALIZADA', async () => {
      await runCampaigns(new Date());
      return (await admin.call('GET', `/campaigns/${campaignId}`)).body.status === 'FINALIZADA';
    }, 30_000, 1000);
    await page.getByRole('progressbar').and(page.locator('[aria-valuenow="100"]')).waitFor();
    await page.locator('.campaign-report__facts').getByText('Finalizada').waitFor();
    await shot(page, 'campaign-report');
    // The CSV: every recipient, one line each.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    for (const n of [...NUMBERS, '5511971000000']) expect(csv).toContain(n);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    expect((await admin.call('GET', `/campaigns/${campaignId}/recipients`)).body.recipients.filter((r: { status: string }) => r.status !== 'invalid').every((r: { status: string }) => ['sent', 'delivered', 'read'].includes(r.status))).toBe(true);

    // A finished campaign: its dialog is read-only, the title says so.
    await page.goto(`${baseUrl()}/campaigns`);
    await page.locator('tr', { hasText: 'Black Friday' }).getByRole('button', { name: 'Editar a campanha Black Friday' }).click();
    const ro = page.getByRole('dialog', { name: 'Campanha - Somente leitura' });
    expect(await ro.getByRole('textbox', { name: 'Mensagem 1', exact: true }).isDisabled()).toBe(true);
    expect(await ro.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
    await ro.getByRole('button', { name: 'Fechar' }).last().click();

    // Phone width, dark mode (its login ends the desktop page's session).
    await page.close();
    const phone = await cshowPage(email, 390, 844, true);
    await phone.goto(`${baseUrl()}/campaigns`);
    await phone.locator('tr', { hasText: 'Black Friday' }).getByText('Finalizada').waitFor();
    await shot(phone, 'campaigns-phone-dark');
    await phone.goto(reportUrl);
    await phone.getByTestId('counter-valid').waitFor();
    await shot(phone, 'campaign-report-phone-dark');
    await phone.locator('tr[data-status="invalid"]').first().scrollIntoViewIfNeeded();
    await shot(phone, 'campaign-report-recipients-phone-dark');
    await phone.goto(`${baseUrl()}/campaigns-config`);
    await phone.getByTestId('campaign-variables').waitFor();
    await shot(phone, 'campaigns-config-phone-dark');
    await phone.goto(`${baseUrl()}/campaigns`);
    await phone.getByRole('button', { name: 'Nova campanha' }).click();
    await phone.getByRole('dialog', { name: 'Nova campanha' }).getByLabel('Nome', { exact: true }).waitFor();
    await shot(phone, 'campaign-dialog-phone-dark');
    await phone.close();
    expect(companyId).toBeGreaterThan(0);
  }, 240_000);

  it("a plan without campaigns: the drawer hides them and the pages say so, then go to / (spec 3 §8)", async () => {
    const { email } = await newCompany('inicial');
    const page = await cshowPage(email);
    await page.goto(`${baseUrl()}/campaigns`);
    await page.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').waitFor();
    await page.waitForURL((u) => !u.pathname.startsWith('/campaigns'));
    expect(await page.getByRole('link', { name: 'Configurar campanhas' }).count()).toBe(0);
    await page.close();
  }, 60_000);
});
