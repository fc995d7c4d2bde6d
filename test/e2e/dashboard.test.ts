/**
 * /dashboard in a real browser: after tickets are opened and closed through the API, the cards,
 * both charts and the attendants table show them; phone width and dark mode screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, loginAs, newPage, shot } from '../support/browser';
import { newCompany } from '../support/api';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('/dashboard', () => {
  it('cards, charts and attendants reflect tickets opened and closed today', async () => {
    const { admin, email } = await newCompany();
    expect((await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox Dashboard', channel: 'sandbox' } })).status).toBe(201);
    const ids: number[] = [];
    for (const [i, name] of ['Cliente Um', 'Cliente Dois', 'Cliente Três'].entries()) {
      const c = await admin.call('POST', '/contacts', { body: { name, number: `55119222200${i}` } });
      expect(c.status).toBe(201);
      const t = await admin.call('POST', '/tickets', { body: { contactId: c.body.id, status: 'open' } });
      expect(t.status, JSON.stringify(t.body)).toBeLessThan(300);
      ids.push(t.body.id);
    }
    const closed = await admin.call('PUT', `/tickets/${ids[0]}`, { body: { status: 'closed', justClose: true } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    // Today's per-user and per-hour totals are kept from the table's stream (seconds behind the tickets).
    await expect.poll(async () => (await admin.call('GET', '/dashboard/ticketsUsers')).body.count, { timeout: 20_000 }).toBe(3);
    const api = (await admin.call('GET', '/dashboard')).body;

    const page = await newPage(browser);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    const card = (key: string) => page.getByTestId(`dash-card-${key}`).locator('.dash-card__value');
    await expect.poll(() => card('inService').innerText(), { timeout: 15_000 }).toBe(String(api.counters.supportHappening));
    expect(api.counters.supportHappening).toBe(2);
    expect(await card('finished').innerText()).toBe(String(api.counters.supportFinished));
    expect(api.counters.supportFinished).toBe(1);
    expect(await card('leads').innerText()).toBe(String(api.counters.leads));
    expect(await card('online').innerText()).toMatch(/^\d+\/\d+$/);
    expect(await card('avgSupport').innerText()).toMatch(/^\d+h \d{2}min$/);
    // both charts draw bars for today's tickets (per user, per hour)
    await page.getByTestId('chart-users').locator('.recharts-bar-rectangle').first().waitFor();
    await page.getByTestId('chart-days').locator('.recharts-bar-rectangle').first().waitFor();
    expect(await page.getByTestId('chart-users').innerText()).toContain('Total: 3');
    await page.getByTestId('dash-attendants').getByText('Admin Teste').waitFor();
    await shot(page, 'dashboard');

    // the filter panel: a past range without tickets, and the cards follow it
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.locator('input[name="dash-from"]').fill('2020-01-01');
    await page.locator('input[name="dash-to"]').fill('2020-01-02');
    await expect.poll(() => card('finished').innerText(), { timeout: 15_000 }).toBe('0');
    await page.context().close();

    const phone = await newPage(browser, 390, 844);
    await phone.addInitScript("localStorage.setItem('colorMode', 'dark')");
    await loginAs(phone, email);
    await phone.waitForURL('**/dashboard');
    await phone.getByTestId('chart-users').locator('.recharts-bar-rectangle').first().waitFor();
    await shot(phone, 'dashboard-phone-dark');
    await phone.evaluate('window.scrollTo(0, 900)');
    await shot(phone, 'dashboard-phone-dark-charts');
    await phone.context().close();
  }, 120_000);
});
