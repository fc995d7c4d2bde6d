/**
 * The SPA shell in a real browser against the local stack: landing by role, the drawer by role
 * and plan, the overdue guard, the users page and phone widths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, loginAs, newPage, shot } from '../support/browser';
import { baseUrl, newCompany } from '../support/api';
import { makeOverdue } from '../support/db';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the SPA shell', () => {
  it('the demo admin lands on /dashboard with the admin drawer, without the super items', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'admin@demo.local');
    await page.waitForURL('**/dashboard');
    await page.waitForSelector('a.nav-item[href="/users"]');
    expect(await page.locator('a.nav-item[href="/settings"]').count()).toBe(1);
    expect(await page.locator('a.nav-item[href="/connections"]').count()).toBe(1);
    expect(await page.locator('a.nav-item[href="/companies"]').count()).toBe(0);
    expect(await page.textContent('body')).toContain('Demo Admin');
    await shot(page, 'admin-dashboard');
    await page.context().close();
  });

  it('the agent lands on /tickets and sees no admin items; /settings is refused', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'agent@demo.local');
    await page.waitForURL('**/tickets');
    await page.waitForSelector('a.nav-item[href="/tickets"]');
    for (const href of ['/users', '/settings', '/connections', '/queues', '/dashboard', '/companies']) {
      expect(await page.locator(`a.nav-item[href="${href}"]`).count(), href).toBe(0);
    }
    await page.goto(`${baseUrl()}/settings`);
    await page.waitForSelector('text=Sem permissão para acessar!');
    expect(await page.locator('input[name], select[name]').count()).toBe(0);
    await shot(page, 'agent-tickets');
    await page.context().close();
  });

  it('the super admin sees /companies in the drawer', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'admin@conversa.local');
    await page.waitForURL('**/dashboard');
    await page.waitForSelector('a.nav-item[href="/companies"]');
    await shot(page, 'super-dashboard');
    await page.context().close();
  });

  it('a wrong password shows the translated error', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'agent@demo.local', 'senha-errada');
    await page.waitForSelector('text=Erro de autenticação. Por favor, tente novamente.');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('an overdue company is sent to /financeiro, and stays there', async () => {
    const { email, companyId } = await newCompany('empresarial');
    await makeOverdue(companyId);
    const page = await newPage(browser);
    await loginAs(page, email);
    await page.waitForURL('**/financeiro');
    await page.goto(`${baseUrl()}/users`);
    await page.waitForURL('**/financeiro');
    await shot(page, 'overdue-financeiro');
    await page.context().close();
  });

  it('an admin adds a user through the modal and sees it in the list', async () => {
    const { email } = await newCompany();
    const page = await newPage(browser);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.click('a.nav-item[href="/users"]');
    await page.waitForURL('**/users');
    await page.click('text=Adicionar usuário');
    await page.fill('input[name="name"]', 'Carla Atendente');
    await page.fill('input[name="email"]', `carla-${Date.now()}@example.test`);
    await page.fill('input[name="password"]', 'Conversa123');
    await page.fill('input[name="confirm"]', 'Conversa123');
    await shot(page, 'users-modal');
    await page.click('[role="dialog"] button[type="submit"]');
    await page.waitForSelector('td:has-text("Carla Atendente")');
    await shot(page, 'users-list');
    await page.context().close();
  });

  it('at phone width the drawer is closed until opened', async () => {
    const page = await newPage(browser, 375, 740);
    await loginAs(page, 'agent@demo.local');
    await page.waitForURL('**/tickets');
    await page.waitForTimeout(300);
    // The temporary drawer sits off-screen until the menu button opens it.
    const box = await page.locator('a.nav-item[href="/tickets"]').boundingBox();
    expect(box === null || box.x + box.width <= 0).toBe(true);
    await shot(page, 'phone-tickets');
    await page.context().close();
  });
});
