/**
 * Tags and lanes in a real browser on the local stack (spec 3 "Tags list", "Lanes screen", §5):
 * /tags — the dialog's rules, a tag created with a colour, listed as a chip with its ticket count,
 * a tag made elsewhere appearing live, deleted after the confirmation; /TagsKanban — 'NOVA LANE',
 * the 'Nova Lane' dialog with the campaign (switch, message, recurrence, a file), listed, its ticket
 * counted, deleted with the spec's confirmation (its ticket back in 'Em aberto'); a plan without
 * lanes is turned away. Screenshots: desktop, 390 px, dark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, loginAs, newPage, shot } from '../support/browser';
import { baseUrl, newCompany, type Client } from '../support/api';
import { runInbound, text } from '../support/inbound';
import { TINY_PNG } from '../support/tenants';

let browser: Browser;
let admin: Client;
let email: string;
let ticketId: number;

beforeAll(async () => {
  browser = await launch();
  let companyId: number;
  ({ admin, email, companyId } = await newCompany());
  const wid = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox', channel: 'sandbox' } })).body.id;
  const from = `551197${String(Date.now()).slice(-7)}`;
  await runInbound([text(companyId, wid, from, 'Quero uma proposta', { contactName: 'Rita Proposta' })]);
  ticketId = ((await admin.call('GET', '/tickets?status=pending&showAll=true')).body.tickets as { id: number; contact: { number: string } }[]).find((t) => t.contact.number === from)!.id;
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('tags and lanes', () => {
  it('/tags: the dialog\'s rules, a coloured chip with its count, live, deleted', async () => {
    const page = await newPage(browser, 1280, 800);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/tags`);
    await page.getByText('Nenhuma tag encontrada.').waitFor();
    await page.getByRole('button', { name: 'Nova tag' }).click();
    const modal = page.getByRole('dialog', { name: 'Nova Tag' });
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.getByText('Obrigatório').waitFor();
    await modal.getByLabel('Nome').fill('ab');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.getByText('Mensagem muito curta').waitFor();
    await modal.getByLabel('Nome').fill('Cliente VIP');
    await modal.getByRole('button', { name: 'Cor #F9A825' }).click();
    await shot(page, 'tags-1-dialog');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Tag salva com sucesso!').waitFor();

    const vip = ((await admin.call('GET', '/tags?searchParam=vip')).body.tags as { id: number; color: string }[])[0]!;
    expect(vip.color).toBe('#f9a825');
    const row = page.getByTestId(`tag-${vip.id}`);
    const chip = row.locator('.tag-chip', { hasText: 'Cliente VIP' });
    await chip.waitFor();
    // The chip is in its colour, with dark text on the light yellow.
    const styleOf = (el: unknown) => {
      const css = (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string; color: string } }).getComputedStyle(el);
      return [css.backgroundColor, css.color];
    };
    expect(await chip.evaluate(styleOf)).toEqual(['rgb(249, 168, 37)', 'rgb(0, 0, 0)']);
    expect(await row.getByTestId('tag-count').textContent()).toBe('0');

    // On a ticket: counted (read again on the next visit); one made elsewhere appears live.
    expect((await admin.call('PUT', `/ticket-tags/${ticketId}/${vip.id}`)).status).toBe(200);
    await page.reload();
    await expect.poll(() => row.getByTestId('tag-count').textContent()).toBe('1');
    const other = (await admin.call('POST', '/tags', { body: { name: 'Atacado', color: '#1565C0' } })).body;
    await page.getByTestId(`tag-${other.id}`).locator('.tag-chip', { hasText: 'Atacado' }).waitFor();
    await shot(page, 'tags-2-list');

    await page.getByRole('button', { name: 'Excluir Atacado' }).click();
    const confirm = page.getByRole('dialog', { name: 'Você tem certeza que quer excluir esta Tag?' });
    await confirm.getByText('Esta ação não pode ser revertida.').waitFor();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Tag excluída com sucesso!').waitFor();
    await page.getByTestId(`tag-${other.id}`).waitFor({ state: 'detached' });
    expect((await admin.call('GET', `/tags/${other.id}`)).status).toBe(404);
    await page.context().close();
  }, 90_000);

  it('/TagsKanban: NOVA LANE with its campaign and file, counted, deleted with the spec\'s confirmation; 390 px dark', async () => {
    const page = await newPage(browser, 1280, 800);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/TagsKanban`);
    await page.getByText('Nenhuma lane encontrada.').waitFor();
    await page.getByRole('button', { name: 'NOVA LANE' }).click();
    const modal = page.getByRole('dialog', { name: 'Nova Lane' });
    await modal.getByLabel('Nome').fill('Proposta enviada');
    await modal.getByRole('button', { name: 'Cor #6A1B9A' }).click();
    await modal.getByText('Iniciar uma campanha para os tickets movidos para esta lane').click();
    expect(await modal.getByRole('switch').isChecked()).toBe(true);
    await modal.getByLabel('Repetir a cada (dias)').fill('31');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.getByText('Escreva a mensagem ou anexe um arquivo para a campanha.').waitFor();
    await modal.getByText('De 0 a 30 dias').waitFor();
    await modal.getByLabel('Repetir a cada (dias)').fill('3');
    await modal.getByLabel('Mensagem da campanha').fill('Olá! Conseguiu ver a nossa proposta?');
    await modal.getByTestId('tag-media').setInputFiles({ name: 'proposta.png', mimeType: 'image/png', buffer: TINY_PNG });
    await modal.getByText('proposta.png').waitFor();
    await shot(page, 'tags-3-lane-dialog');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Lane salva com sucesso!').waitFor();

    const lane = ((await admin.call('GET', '/tags/kanban')).body.lista as { id: number }[])[0]!;
    expect((await admin.call('GET', `/tags/${lane.id}`)).body).toMatchObject({ name: 'Proposta enviada', kanban: 1, color: '#6a1b9a', actCamp: 1, msgR: 'Olá! Conseguiu ver a nossa proposta?', rptDays: 3, mediaName: 'proposta.png', mimetype: 'image/png' });
    // Plain tags are not lanes.
    const plain = (await admin.call('POST', '/tags', { body: { name: 'Atendimento', color: '#2E7D32' } })).body;
    await page.getByTestId(`tag-${lane.id}`).locator('.tag-chip', { hasText: 'Proposta enviada' }).waitFor();
    await page.reload();
    await page.getByTestId(`tag-${lane.id}`).waitFor();
    expect(await page.getByTestId(`tag-${plain.id}`).count()).toBe(0);
    expect((await admin.call('POST', `/ticket/kanban/${ticketId}/move`, { body: { laneId: lane.id } })).status).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByTestId(`tag-${lane.id}`).getByTestId('tag-count').textContent()).toBe('1');
    await page.getByTestId(`tag-${lane.id}`).getByTitle('Campanha ativa').waitFor();
    await shot(page, 'tags-4-lanes');

    // Editing shows what was stored.
    await page.getByRole('button', { name: 'Editar Proposta enviada' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Lane' });
    expect(await edit.getByLabel('Mensagem da campanha').inputValue()).toBe('Olá! Conseguiu ver a nossa proposta?');
    await edit.getByText('proposta.png').waitFor();
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await page.context().close();

    // Phone width, dark mode: the list, the dialog, then the deletion.
    const phone = await newPage(browser, 390, 844, { dark: true });
    await loginAs(phone, email);
    await phone.waitForURL('**/dashboard');
    await phone.goto(`${baseUrl()}/TagsKanban`);
    await phone.getByTestId(`tag-${lane.id}`).waitFor();
    await shot(phone, 'tags-5-lanes-phone-dark');
    await phone.getByRole('button', { name: 'NOVA LANE' }).click();
    await phone.getByRole('dialog', { name: 'Nova Lane' }).getByText('Iniciar uma campanha para os tickets movidos para esta lane').click();
    await expect.poll(() => phone.getByRole('dialog', { name: 'Nova Lane' }).getByRole('switch').isChecked()).toBe(true);
    await phone.waitForTimeout(300); // the switch's slide, for the picture
    await shot(phone, 'tags-6-lane-dialog-phone-dark');
    await phone.getByRole('dialog', { name: 'Nova Lane' }).getByRole('button', { name: 'Cancelar' }).click();
    await phone.getByRole('button', { name: 'Excluir Proposta enviada' }).click();
    const confirm = phone.getByRole('dialog', { name: 'Você tem certeza que quer excluir esta Lane?' });
    await confirm.getByText('Esta ação não pode ser revertida.').waitFor();
    await shot(phone, 'tags-7-delete-phone-dark');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await phone.getByText('Lane excluída com sucesso!').waitFor();
    await phone.getByText('Nenhuma lane encontrada.').waitFor();
    // Its ticket is back in 'Em aberto'.
    const board = (await admin.call('GET', '/ticket/kanban')).body as { lanes: { laneId: number; cards: { id: number }[] }[] };
    expect(board.lanes.find((l) => l.cards.some((c) => c.id === ticketId))?.laneId).toBe(0);
    await phone.goto(`${baseUrl()}/tags`);
    await phone.getByTestId(`tag-${plain.id}`).locator('.tag-chip', { hasText: 'Atendimento' }).waitFor();
    await shot(phone, 'tags-8-tags-phone-dark');
    await phone.context().close();
  }, 120_000);

  it('a plan without lanes is turned away from /TagsKanban', async () => {
    const basic = await newCompany('inicial');
    const page = await newPage(browser, 1280, 800);
    await loginAs(page, basic.email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/TagsKanban`);
    await page.getByText('Este recurso não está disponível no seu plano.').waitFor();
    await shot(page, 'tags-9-plan');
    expect(await page.getByRole('button', { name: 'NOVA LANE' }).count()).toBe(0);
    await page.goto(`${baseUrl()}/tags`);
    await page.getByRole('button', { name: 'Nova tag' }).waitFor();
    await page.context().close();
  }, 60_000);
});
