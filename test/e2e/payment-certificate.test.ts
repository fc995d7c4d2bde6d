/**
 * The payment certificate panel in a real browser: the super admin, on the Settings page (below
 * the Options tab, spec 2 §2: the panel has no tab), is told 'Escolha um arquivo!' without a file
 * and refused anything but a .p12, uploads the Efí .p12 ('Arquivo enviado com sucesso!'), sees it
 * installed with its CN and expiry (never its content), and registers the Pix webhook at the
 * provider (the fake Efí behind mutual TLS, global-setup.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl } from '../support/api';
import { launch, loginAs, newPage, shot } from '../support/browser';

const efi = inject('efi');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('payment certificate panel', () => {
  it('the super admin uploads the .p12, sees it installed (CN and expiry) and registers the webhook', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'admin@conversa.local');
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/settings`);
    const panel = page.getByTestId('payment-certificate');
    await panel.scrollIntoViewIfNeeded();
    await expect(panel.getByRole('heading', { name: 'Certificado de pagamento (Pix Efí)' }).isVisible()).resolves.toBe(true);

    await panel.getByRole('button', { name: 'Enviar', exact: true }).click();
    await panel.getByText('Escolha um arquivo!').waitFor();

    await page.getByTestId('cert-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
    await panel.getByText('Use somente arquivos em formato .p12!').waitFor();
    // A PNG renamed .p12 passes the browser's check and is refused by the server, by its content.
    await page.getByTestId('cert-file').setInputFiles({ name: 'logo.p12', mimeType: 'application/x-pkcs12', buffer: Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(120, 1)]) });
    await panel.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByText('O arquivo não é um certificado .p12 válido.').waitFor();

    const p12 = readFileSync(path.join(efi.dir, 'client.p12'));
    await page.getByTestId('cert-file').setInputFiles({ name: 'producao-conversa.p12', mimeType: 'application/x-pkcs12', buffer: p12 });
    await panel.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByText('Arquivo enviado com sucesso!').waitFor();
    await page.getByTestId('cert-subject').getByText(/^fake-efi-[0-9a-f]{6}$/).waitFor();
    const expires = await page.getByTestId('cert-expires').textContent();
    expect(expires).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const [d, m, y] = expires!.split('/').map(Number);
    expect(new Date(y!, m! - 1, d!).getTime() - Date.now()).toBeGreaterThan(25 * 86_400_000);
    // Never the file itself.
    expect(await panel.textContent()).not.toContain(p12.toString('base64').slice(0, 24));

    await panel.getByRole('button', { name: 'Registrar webhook' }).click();
    await page.getByText('Webhook registrado com sucesso!').waitFor();
    await page.getByTestId('webhook-status').getByText(/^Registrado em \d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'payment-certificate-installed');

    // Phone width, dark mode: the panel still shows what is installed after a reload.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate("localStorage.setItem('colorMode', 'dark')");
    await page.reload();
    await page.getByTestId('cert-subject').getByText(/^fake-efi-/).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'payment-certificate-phone-dark');
    await page.context().close();
  });

  it('a company admin sees no certificate panel on Settings', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'admin@demo.local');
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/settings`);
    await page.locator('.settings-panel').first().waitFor();
    expect(await page.getByTestId('payment-certificate').count()).toBe(0);
    await page.context().close();
  });
});
