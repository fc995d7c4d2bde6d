/**
 * An agent's reaction and the customer's read receipts in a real browser, at a phone's width in
 * dark mode, on the local stack with its session host: the message menu's quick reactions, the
 * chip under the bubble, the sandbox phone getting the reaction, and a message that arrives while
 * the chat is open read at once (one receipt on the phone naming it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, loginAs, shot } from '../support/browser';
import { baseUrl, newCompany, type Client } from '../support/api';
import { pairSandbox, until } from '../support/sandbox';

type OutboxItem = { externalId: string; to: string; reaction?: string; quotedExternalId?: string };
const outbox = async (admin: Client, wid: number): Promise<OutboxItem[]> => (await admin.call('GET', `/sandbox/${wid}/outbox?limit=100`)).body.items;
/** The read receipts the phone got. */
const reads = async (admin: Client, wid: number): Promise<{ to: string; readIds: string[] }[]> => (await admin.call('GET', `/sandbox/${wid}/outbox`)).body.reads;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('reactions and read receipts in the chat', () => {
  it('react from the message menu at 390 px in dark mode; a message arriving in the open chat is read', async () => {
    const { admin, email } = await newCompany();
    const wid: number = (await admin.call('POST', '/whatsapp', { body: { name: 'Loja Reações', channel: 'sandbox' } })).body.id;
    await pairSandbox(admin, wid);
    const customer = `551196${String(Date.now()).slice(-7)}`;
    const play = async (body: Record<string, unknown>) => expect((await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from: customer, name: 'Rita Reação', ...body } })).status).toBe(202);
    await play({ body: 'Recebi tudo certinho', id: 'E2E-R1' });
    const ticket = await until('the ticket', async () => ((await admin.call('GET', '/tickets?status=pending&showAll=true')).body.tickets as { id: number; uuid: string; contact: { number: string } }[]).find((t) => t.contact.number === customer));
    expect((await admin.call('PUT', `/tickets/${ticket.id}`, { body: { status: 'open' } })).status).toBe(200);

    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    await ctx.addInitScript("localStorage.setItem('colorMode', 'dark')");
    const page = await ctx.newPage();
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/tickets/${ticket.uuid}`);
    const chat = page.getByTestId('ticket-chat');
    const bubble = chat.locator('.chat-bubble', { hasText: 'Recebi tudo certinho' });
    await bubble.waitFor({ timeout: 20_000 });
    // Opening the ticket read the customer's message: one receipt on the phone.
    await until('the receipt of the opened ticket', async () => (await reads(admin, wid)).find((r) => r.readIds.includes('E2E-R1')));

    await bubble.hover();
    await bubble.getByRole('button', { name: 'Opções da mensagem' }).click();
    const love = page.getByRole('menuitemcheckbox', { name: 'Reagir com ❤️' });
    await love.waitFor();
    // The menu is on screen and on top (nothing covers the reaction the agent taps).
    const box = (await love.boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= 390 && box.y >= 0 && box.y + box.height <= 844).toBe(true);
    expect(await page.evaluate(`document.elementFromPoint(${box.x + box.width / 2}, ${box.y + box.height / 2})?.closest('.chat-menu__panel') !== null`)).toBe(true);
    await shot(page, 'reactions-1-menu-390-dark');
    await love.click();
    const chip = chat.locator('.chat-reactions li.is-mine', { hasText: '❤️' });
    await chip.waitFor();
    await until('the reaction on the phone', async () => (await outbox(admin, wid)).find((i) => i.reaction === '❤️' && i.quotedExternalId === 'E2E-R1'));
    await shot(page, 'reactions-2-reacted-390-dark');

    // Choosing it again removes it, here and on the phone.
    await bubble.hover();
    await bubble.getByRole('button', { name: 'Opções da mensagem' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Remover sua reação' }).click();
    await chip.waitFor({ state: 'detached' });
    await until('the removal on the phone', async () => (await outbox(admin, wid)).find((i) => i.reaction === '' && i.quotedExternalId === 'E2E-R1'));

    // A message that arrives while the chat is open and visible is read: a second receipt naming it.
    await play({ body: 'Obrigada!', id: 'E2E-R2' });
    await chat.locator('.chat-bubble', { hasText: 'Obrigada!' }).waitFor();
    const second = await until('the receipt of the new message', async () => (await reads(admin, wid)).find((r) => r.readIds.includes('E2E-R2')));
    expect(second.readIds).toEqual(['E2E-R2']);
    await ctx.close();
  }, 180_000);
});
