/**
 * The inbox at scale in a real browser (issue 4: "a ticket with 10,000 messages and a list of
 * 5,000 tickets scroll smoothly"): both lists are virtualised, so however far the user scrolls the
 * page holds a bounded number of rows while older messages and further tickets keep loading.
 * Frame times while scrolling are printed, not asserted (timings belong to the bench).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, newCompany } from '../support/api';
import { launch, loginAs, newPage, shot } from '../support/browser';
import { seedMessages } from '../bench/messages';
import { seedTickets } from '../bench/seed-tickets';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Scrolls an element by `step` px per animation frame for `frames` frames; answers the p95 frame time. */
async function scrollFrames(page: Page, selector: string, step: number, frames: number): Promise<number> {
  return page.evaluate(
    `new Promise((resolve) => {
      const el = document.querySelector(${JSON.stringify(selector)});
      const times = [];
      let last = performance.now();
      let n = 0;
      const tick = (now) => {
        times.push(now - last);
        last = now;
        el.scrollTop += ${step};
        if (++n < ${frames}) requestAnimationFrame(tick);
        else resolve(times.sort((a, b) => a - b)[Math.floor(times.length * 0.95)]);
      };
      requestAnimationFrame(tick);
    })`,
  ) as Promise<number>;
}

const count = (page: Page, selector: string) => page.locator(selector).count();

describe('inbox at scale', () => {
  it('a ticket with 10,000 messages and a company with 5,000 tickets: rows stay bounded while pages keep loading', async () => {
    const { admin, email } = await newCompany();
    const conn = await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox Escala', channel: 'sandbox' } });
    expect(conn.status).toBe(201);
    const contact = await admin.call('POST', '/contacts', { body: { name: 'Cliente Antigo', number: '5511933334444' } });
    expect(contact.status).toBe(201);
    const ticket = await admin.call('POST', '/tickets', { body: { contactId: contact.body.id, status: 'open' } });
    expect(ticket.status, JSON.stringify(ticket.body)).toBeLessThan(300);
    const { id: ticketId, uuid } = ticket.body as { id: number; uuid: string };
    const me = (await admin.call('GET', '/auth/me')).body as { id: number; companyId: number };
    const companyId = me.companyId;
    const seeding = Date.now();
    await seedMessages({ companyId, ticketId, contactId: contact.body.id, whatsappId: conn.body.id, ack: 3, isDeleted: false, isEdited: false, isForwarded: false, read: true }, 10_000);
    await seedTickets({ companyId, whatsappId: conn.body.id, count: 5_000, agents: [me.id], firstId: 1_000 });
    const seeded = Date.now() - seeding;

    const page = await newPage(browser, 1280, 800);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/tickets/${uuid}`);
    await page.getByText('Mensagem de teste número 9999 ', { exact: false }).waitFor({ timeout: 20_000 });

    // Messages: scroll to the top again and again; older pages load, the DOM keeps a window of rows.
    const oldestShown = async () =>
      Math.min(...(await page.locator('.chat-list__item').allInnerTexts()).flatMap((t) => [...t.matchAll(/número (\d+) /g)].map((m) => Number(m[1]))));
    const startOldest = await oldestShown();
    let maxRows = 0;
    for (let i = 0; i < 12; i++) {
      await page.locator('.chat-list').evaluate((el) => (el.scrollTop = 0));
      await page.waitForTimeout(350);
      maxRows = Math.max(maxRows, await count(page, '.chat-list__item'));
    }
    await expect.poll(oldestShown, { timeout: 15_000 }).toBeLessThan(startOldest - 200);
    const messageFrames = await scrollFrames(page, '.chat-list', 120, 90);
    maxRows = Math.max(maxRows, await count(page, '.chat-list__item'));
    expect(maxRows).toBeLessThan(120);
    await shot(page, 'inbox-scale-messages');

    // Tickets: the closed tab (3,500 of the 5,000) pages in as the list scrolls; rows stay bounded.
    await page.getByRole('tab', { name: /Resolvidos/ }).click();
    const list = page.getByTestId('ticket-list');
    await list.locator('.t-list__item').first().waitFor();
    let maxTickets = 0;
    for (let i = 0; i < 15; i++) {
      await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
      await page.waitForTimeout(300);
      maxTickets = Math.max(maxTickets, await count(page, '[data-testid="ticket-list"] .t-list__item'));
    }
    const totalHeight = await list.locator('.t-list__inner').evaluate((el) => el.getBoundingClientRect().height);
    const rowHeight = await list.locator('.t-list__item').first().evaluate((el) => el.getBoundingClientRect().height);
    const loaded = Math.round(totalHeight / rowHeight);
    expect(loaded).toBeGreaterThan(150); // pages kept loading
    expect(maxTickets).toBeLessThan(60); // while the DOM held a window of them
    const ticketFrames = await scrollFrames(page, '[data-testid="ticket-list"]', -150, 90);
    await shot(page, 'inbox-scale-tickets');
    console.log(`inbox at scale (seeded in ${seeded} ms): ${loaded} ticket rows loaded with at most ${maxTickets} in the DOM; message rows at most ${maxRows} in the DOM; p95 frame while scrolling: messages ${messageFrames.toFixed(1)} ms, tickets ${ticketFrames.toFixed(1)} ms`);
    // Seeding 15,000 items takes most of the time, and its length follows the machine's load
    // (34 s here, over 60 s on a loaded CI runner), so the test gets room for it.
  }, 240_000);
});
