/**
 * /connections in a real browser on the local stack with its session host: an admin adds a
 * sandbox connection, sees the real QR, confirms it, plays a customer, and an agent receives
 * the pending ticket live; the admin's recorded audio reaches the phone as a voice note.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, loginAs, newPage, shot } from '../support/browser';
import { baseUrl, newCompany, signedIn, unique, PASSWORD } from '../support/api';
import { openSocket } from '../support/socket';
import { uploadFile } from '../support/tenants';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('/connections', () => {
  it('admin adds a sandbox connection, scans the QR, a customer writes, the agent gets the pending ticket live', async () => {
    const { admin, email, companyId } = await newCompany();
    await admin.call('PUT', '/settings/showTicketWithoutQueue', { body: { value: 'enabled' } });
    const agentEmail = `${unique('agente')}@example.test`;
    await admin.call('POST', '/users', { body: { name: 'Agente Ao Vivo', email: agentEmail, password: PASSWORD } });
    const agentSocket = await openSocket((await signedIn(agentEmail)).token!);

    const page = await newPage(browser);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/connections`);
    await page.getByRole('heading', { name: /Conexões \(0\)/ }).waitFor();
    await page.getByRole('button', { name: /Nova conexão/ }).click();
    await page.getByRole('menuitem', { name: /sandbox/ }).click();
    await page.fill('input[name="name"]', 'Sandbox E2E');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const row = page.locator('tr[data-testid^=connection-]').first();
    await row.waitFor();
    await row.and(page.locator('[data-status="qrcode"]')).waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: 'QR CODE' }).click();
    const img = page.getByTestId('qr-image');
    await img.waitFor();
    expect(await img.getAttribute('data-qr')).toMatch(/^conversa-sandbox:/);
    expect(await img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await shot(page, 'connections-qr');
    await page.getByRole('button', { name: 'Simular leitura do QR' }).click();
    await row.and(page.locator('[data-status="CONNECTED"]')).waitFor({ timeout: 30_000 });
    await shot(page, 'connections-connected');

    await row.getByRole('button', { name: /Simular cliente em/ }).click();
    await page.fill('input[name="from"]', '5511987651234').catch(() => undefined);
    await page.fill('textarea[name="body"]', 'Olá, quero um orçamento');
    await page.getByRole('button', { name: 'Enviar como cliente' }).click();
    const ev = await agentSocket.waitFor((e) => e.channel === `company-${companyId}-appMessage` && e.data.action === 'create', 20_000);
    expect(ev.data).toMatchObject({ message: { body: 'Olá, quero um orçamento', fromMe: false }, ticket: { status: 'pending', userId: null } });
    await shot(page, 'connections-sandbox-phone');
    // The admin answers with a recorded audio (Opus in Ogg): the phone gets it as a voice note.
    const ticketId = (ev.data.ticket as { id: number }).id;
    const key = await uploadFile(admin, 'recado.ogg', 'audio/ogg', Buffer.concat([Buffer.from('OggS\0\x02', 'latin1'), Buffer.alloc(2042, 7)]));
    const sent = await admin.call('POST', `/messages/${ticketId}`, { body: { body: '', media: { key, filename: 'recado.ogg', mimetype: 'audio/ogg' } } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await page.locator('.outbox-msg', { hasText: '[mensagem de voz]' }).waitFor({ timeout: 20_000 });
    await shot(page, 'connections-sandbox-voice-note');
    agentSocket.close();
    await page.context().close();
  }, 120_000);
});
