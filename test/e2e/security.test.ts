/**
 * Sessions, the second factor and the audit log in a real browser: a session replaced from another
 * computer ends on the server too; a login with a second factor takes its code; the audit page
 * lists the company's changes with their before → after and filters them, at phone width in dark mode too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hotp, stepAt } from '../../functions/src/domain/auth/totp';
import { baseUrl, Client, newCompany, PASSWORD } from '../support/api';
import { launch, loginAs, newPage, shot } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('security screens', () => {
  it('a session replaced from another computer is ended on the server, not only hidden', async () => {
    const { email } = await newCompany();
    const page = await newPage(browser);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.waitForSelector('a.nav-item[href="/audit"]');
    const token = (await page.evaluate("localStorage.getItem('token')")) as string;
    expect((await new Client().call('GET', '/auth/me', { token })).status).toBe(200);

    await new Client().login(email);
    await page.waitForSelector('text=Sua conta foi acessada em outro computador.');
    await page.waitForURL('**/login', { timeout: 15_000 });
    const after = await new Client().call('GET', '/auth/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('ERR_SESSION_ENDED');
    await page.context().close();
  });

  it('a login with a second factor asks for the code, then lets the user in', async () => {
    const { admin, email } = await newCompany();
    const setup = await admin.call('POST', '/auth/2fa/setup');
    const step = stepAt(Date.now());
    expect((await admin.call('POST', '/auth/2fa/enable', { body: { code: hotp(setup.body.secret, step) } })).status).toBe(200);

    const page = await newPage(browser, 390, 844);
    await page.addInitScript("localStorage.setItem('colorMode', 'dark')");
    await loginAs(page, email);
    await page.getByTestId('two-factor-step').waitFor();
    expect(page.url()).toContain('/login');
    await page.fill('input[name="code"]', hotp(setup.body.secret, step));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForSelector('text=Código de verificação inválido.'); // the step the enrolment used is spent
    await page.fill('input[name="code"]', hotp(setup.body.secret, step + 1));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Código de verificação inválido.').waitFor({ state: 'detached' }); // the failed attempt's toast goes with the login
    await page.getByTestId('dash-card-inService').locator('.dash-card__value', { hasText: /\d/ }).waitFor(); // the figures loaded
    await shot(page, 'two-factor-login-phone-dark');
    await page.context().close();
  });

  it('/audit shows who changed what, before → after, and filters by area', async () => {
    const { admin, email } = await newCompany();
    expect((await admin.call('PUT', '/settings/userRating', { body: { value: 'enabled' } })).status).toBe(200);
    expect((await admin.call('POST', '/users', { body: { name: 'Pessoa Auditada', email: `p${Date.now()}@example.test`, password: PASSWORD } })).status).toBe(201);

    const page = await newPage(browser);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.click('a.nav-item[href="/audit"]');
    const setting = page.locator('tr[data-action="setting.update"]');
    await setting.waitFor();
    expect(await setting.innerText()).toMatch(/Alterou configuração[\s\S]*Avaliações[\s\S]*Valor[\s\S]*disabled[\s\S]*enabled/);
    expect(await page.locator('tr[data-action="user.create"]').innerText()).toContain('Pessoa Auditada');
    await shot(page, 'audit-desktop');

    await page.selectOption('select[name="audit-resource"]', 'user');
    await page.waitForSelector('tr[data-action="setting.update"]', { state: 'detached' });
    await page.locator('tr[data-action="user.create"]').waitFor();
    expect(await page.locator('tr[data-action]').count()).toBe(1);
    await page.context().close();

    const phone = await newPage(browser, 390, 844);
    await phone.addInitScript("localStorage.setItem('colorMode', 'dark')");
    await loginAs(phone, email);
    await phone.waitForURL('**/dashboard');
    await phone.goto(`${baseUrl()}/audit`);
    await phone.locator('tr[data-action="user.create"]').waitFor();
    const width = (await phone.evaluate('document.documentElement.scrollWidth')) as number;
    expect(width).toBeLessThanOrEqual(390);
    await shot(phone, 'audit-phone-dark');
    await phone.context().close();
  });
});
