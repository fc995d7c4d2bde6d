/**
 * /tickets in a real browser on the local stack with its session host (spec 1 §2, §4): a sandbox
 * customer writes; the agent sees the pending ticket live with a desktop notification, accepts,
 * replies with text and an image (the phone receives both, acks advance to read), transfers,
 * resolves with the farewell; the customer writes again and the closed ticket reopens as pending
 * (the connection's reopen window). Screenshots at each step, a phone-width one and dark mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, loginAs, shot } from '../support/browser';
import { baseUrl, newCompany, PASSWORD, unique, type Client } from '../support/api';
import { pairSandbox, until } from '../support/sandbox';
import { pngOf as png } from '../support/files';

type OutboxItem = { body: string; to: string; ack: number; mediaType?: string; mimetype?: string };
const outbox = async (admin: Client, wid: number): Promise<OutboxItem[]> => (await admin.call('GET', `/sandbox/${wid}/outbox`)).body.items;

/** Records every desktop notification the page constructs (the permission is granted by the context). */
const RECORD_NOTIFICATIONS = `
  (() => {
    const Real = window.Notification;
    const seen = [];
    window.__notifications = seen;
    class Recorded extends Real {
      constructor(title, options) {
        super(title, options);
        seen.push({ title, body: options && options.body });
      }
    }
    Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
    window.Notification = Recorded;
  })();
`;

async function openPage(browser: Browser, width: number, height: number, opts: { dark?: boolean } = {}): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height }, locale: 'pt-BR', colorScheme: opts.dark ? 'dark' : 'light' });
  await ctx.grantPermissions(['notifications'], { origin: baseUrl() });
  await ctx.addInitScript({ content: RECORD_NOTIFICATIONS });
  return ctx.newPage();
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('/tickets', () => {
  it('customer writes → live pending row + notification → accept → text and image read on the phone → transfer → resolve with farewell → reopen on a new message', async () => {
    const { admin, email } = await newCompany();
    const conn = await admin.call('POST', '/whatsapp', { body: { name: 'Loja Sandbox', channel: 'sandbox', complationMessage: 'Obrigado pelo contato!', reopenWindowMinutes: 60 } });
    expect(conn.status).toBe(201);
    const wid: number = conn.body.id;
    await pairSandbox(admin, wid);
    const agentName = `Agente ${unique('b').slice(2)}`;
    const agentEmail = `${unique('agente')}@example.test`;
    const agent = await admin.call('POST', '/users', { body: { name: agentName, email: agentEmail, password: PASSWORD } });
    expect(agent.status).toBe(201);

    const page = await openPage(browser, 1280, 800);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/tickets`);
    await page.getByTestId('tickets-welcome').waitFor();
    await page.getByTestId('subtab-open-pending').click();

    // The customer writes: the pending row arrives live, with a desktop notification.
    const from = `55119${String(Date.now()).slice(-8)}`;
    const played = await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from, name: 'Maria Cliente', body: 'Olá, quero um orçamento' } });
    expect(played.status).toBe(202);
    const row = page.locator('[data-testid^="ticket-"][data-status="pending"]', { hasText: 'Maria Cliente' });
    await row.waitFor({ timeout: 30_000 });
    await expect.poll(() => row.textContent()).toContain('Olá, quero um orçamento');
    await expect.poll(() => page.getByTestId('subtab-open-pending').textContent()).toContain('1');
    const notes = await until('the desktop notification', async () => {
      const n = (await page.evaluate('window.__notifications')) as { title: string; body?: string }[];
      return n.length ? n : undefined;
    }, 10_000);
    expect(notes[0]).toMatchObject({ title: 'Mensagem de Maria Cliente', body: 'Olá, quero um orçamento' });
    const ticketId = Number((await row.getAttribute('data-testid'))!.replace('ticket-', ''));
    await shot(page, 'inbox-1-pending-live');

    // A pending row does not open by a click; 'Aceitar' opens it.
    await row.locator('.t-row__main').click({ force: true });
    expect(page.url()).toMatch(/\/tickets$/);
    await row.getByRole('button', { name: 'Aceitar' }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const uuid = page.url().split('/').pop()!;
    const chat = page.getByTestId('ticket-chat');
    await chat.getByText(`#${ticketId}`).waitFor();
    expect((await admin.call('GET', `/tickets/u/${uuid}`)).body).toMatchObject({ id: ticketId, status: 'open' });

    // Reply with text, then with an image.
    const input = chat.getByRole('textbox', { name: /Digite uma mensagem/ });
    await input.waitFor({ timeout: 15_000 });
    await input.fill('Claro, Maria! Qual produto?');
    await chat.getByRole('button', { name: 'Enviar' }).click();
    await chat.locator('input[type="file"]').setInputFiles({ name: 'catalogo.png', mimeType: 'image/png', buffer: png(64, 48, [0, 127, 173]) });
    await chat.getByRole('button', { name: 'Enviar' }).click();
    const items = await until('text and image read on the phone', async () => {
      const box = await outbox(admin, wid);
      const text = box.find((i) => i.body.endsWith('Claro, Maria! Qual produto?'));
      const image = box.find((i) => i.mediaType === 'image');
      return text?.ack === 3 && image?.ack === 3 ? { text, image } : undefined;
    }, 45_000).catch(async (err: unknown) => {
      await shot(page, 'inbox-failed-reply');
      console.error('outbox', JSON.stringify(await outbox(admin, wid)));
      throw err;
    });
    expect(items.text.to).toBe(from);
    expect(items.image.to).toBe(from);
    await shot(page, 'inbox-2-replied');

    // The contact drawer, with a note.
    await chat.getByRole('button', { name: /Dados do contato Maria Cliente/ }).click();
    const drawer = page.getByTestId('contact-drawer');
    await drawer.getByRole('link', { name: from }).waitFor();
    await drawer.getByPlaceholder('Escreva uma observação').fill('Quer o catálogo de verão');
    await drawer.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Observação adicionada com sucesso!').waitFor();
    await drawer.getByText('Quer o catálogo de verão').waitFor();
    await shot(page, 'inbox-3-contact-drawer');
    await drawer.getByRole('button', { name: 'Fechar' }).click();

    // Transfer to the other agent: the ticket leaves the admin's hands.
    await chat.getByRole('button', { name: 'Transferir' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transferir Ticket' });
    await dialog.getByLabel('Usuário').fill(agentName.slice(0, 9));
    await dialog.getByRole('option', { name: agentName }).click();
    await shot(page, 'inbox-4-transfer');
    await dialog.getByRole('button', { name: 'Transferir' }).click();
    await page.waitForURL(/\/tickets$/);
    expect((await admin.call('GET', `/tickets/u/${uuid}`)).body).toMatchObject({ status: 'open', userId: agent.body.id });

    // The admin opens it again and resolves with the farewell message.
    await page.goto(`${baseUrl()}/tickets/${uuid}`);
    await chat.getByText(`#${ticketId}`).waitFor();
    await chat.getByRole('button', { name: /Resolver/ }).click();
    await page.getByRole('menuitem', { name: 'Resolver com mensagem de despedida' }).click();
    await page.waitForURL(/\/tickets$/);
    expect((await admin.call('GET', `/tickets/u/${uuid}`)).body.status).toBe('closed');
    await until('the farewell on the phone', async () => (await outbox(admin, wid)).some((i) => i.body.endsWith('Obrigado pelo contato!')), 30_000);

    // The customer writes again inside the reopen window: the same ticket, pending, no agent.
    await page.getByTestId('subtab-open-pending').click();
    await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from, name: 'Maria Cliente', body: 'Esqueci de perguntar o prazo' } });
    const again = page.getByTestId(`ticket-${ticketId}`);
    await again.and(page.locator('[data-status="pending"]')).waitFor({ timeout: 30_000 });
    await expect.poll(() => again.textContent()).toContain('Esqueci de perguntar o prazo');
    expect((await admin.call('GET', `/tickets/u/${uuid}`)).body).toMatchObject({ id: ticketId, status: 'pending', userId: null });
    await shot(page, 'inbox-5-reopened');
    await page.context().close();

    // Phone width (bottom tabs 'Ticket' / 'Atendimentos') in dark mode.
    const phone = await openPage(browser, 390, 844, { dark: true });
    await loginAs(phone, email);
    await phone.waitForURL('**/dashboard');
    await phone.goto(`${baseUrl()}/tickets`);
    await phone.getByTestId('subtab-open-pending').click();
    await phone.getByTestId(`ticket-${ticketId}`).waitFor();
    await shot(phone, 'inbox-6-phone-list-dark');
    await phone.getByTestId(`ticket-${ticketId}`).getByRole('button', { name: 'Aceitar' }).click();
    await phone.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await phone.getByTestId('ticket-chat').getByText(`#${ticketId}`).waitFor();
    await phone.getByRole('button', { name: 'Atendimentos' }).waitFor();
    await shot(phone, 'inbox-7-phone-ticket-dark');
    await phone.context().close();
  }, 240_000);
});
