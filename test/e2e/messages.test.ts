/**
 * The chat's message actions in a real browser on the local stack with its session host (spec 1
 * §2 "Message", §4): reply with a quote, edit, delete, forward to another ticket, a customer's
 * voice note played at another rate and transcribed (the stack's transcriber is a local fake),
 * an audio recorded on Chromium's fake microphone, and a contact renamed while the list is open.
 * Each action is checked on the sandbox phone's outbox as well as on the screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, loginAs, shot } from '../support/browser';
import { baseUrl, newCompany, type Client } from '../support/api';
import { pairSandbox, until } from '../support/sandbox';

type OutboxItem = { externalId: string; body: string; to: string; ack: number; mediaType?: string; quotedExternalId?: string; deleted?: boolean; editedBody?: string };
const outbox = async (admin: Client, wid: number): Promise<OutboxItem[]> => (await admin.call('GET', `/sandbox/${wid}/outbox?limit=100`)).body.items;

/** One second of a 440 Hz tone as 16-bit mono WAV at 8 kHz: a voice note Chromium can play. */
function wav(): Buffer {
  const rate = 8000;
  const samples = Buffer.alloc(rate * 2);
  for (let i = 0; i < rate; i++) samples.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), i * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + samples.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(samples.length, 40);
  return Buffer.concat([h, samples]);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch({ fakeMedia: true });
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a message's menu and picks an action. */
async function act(page: Page, bubble: Locator, action: string): Promise<void> {
  await bubble.hover();
  await bubble.getByRole('button', { name: 'Opções da mensagem' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('chat message actions', () => {
  it('reply, edit, delete, forward, voice note rate and transcription, recorded audio, a live rename', async () => {
    const { admin, email } = await newCompany();
    expect((await admin.call('PUT', '/settings/groqApiKey', { body: { value: 'gsk_test_key' } })).status).toBe(200);
    const conn = await admin.call('POST', '/whatsapp', { body: { name: 'Loja Ações', channel: 'sandbox' } });
    expect(conn.status).toBe(201);
    const wid: number = conn.body.id;
    await pairSandbox(admin, wid);

    // Two customers: Maria (whose chat we work in) and João (the forward's target).
    const stamp = String(Date.now()).slice(-7);
    const maria = `551198${stamp}`;
    const joao = `551197${stamp}`;
    const play = async (body: Record<string, unknown>) => expect((await admin.call('POST', `/sandbox/${wid}/inbound`, { body })).status).toBe(202);
    await play({ from: joao, name: 'João Destino', body: 'Bom dia' });
    await play({ from: maria, name: 'Maria Ações', body: 'Preciso trocar meu pedido', id: `QT${stamp}` });
    const voice = wav();
    const up = await admin.call('POST', '/messages/upload', { body: { filename: 'nota.wav', mimetype: 'audio/wav', size: voice.length } });
    expect(up.status).toBe(201);
    expect((await fetch(up.body.url, { method: 'PUT', headers: up.body.headers, body: voice })).status).toBe(200);
    await play({ from: maria, name: 'Maria Ações', body: '', media: { key: up.body.key, mimetype: 'audio/wav', filename: 'nota.wav', mediaType: 'audio' } });

    const tickets = await until('both tickets', async () => {
      const list = (await admin.call('GET', '/tickets?status=pending&showAll=true')).body.tickets as { id: number; uuid: string; contact: { number: string } }[];
      const m = list.find((t) => t.contact.number === maria);
      const j = list.find((t) => t.contact.number === joao);
      return m && j ? { m, j } : undefined;
    });
    expect((await admin.call('PUT', `/tickets/${tickets.j.id}`, { body: { status: 'open' } })).status).toBe(200);
    expect((await admin.call('PUT', `/tickets/${tickets.m.id}`, { body: { status: 'open' } })).status).toBe(200);

    const ctx = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'pt-BR' });
    await ctx.grantPermissions(['microphone'], { origin: baseUrl() });
    const page = await ctx.newPage();
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/tickets/${tickets.m.uuid}`);
    const chat = page.getByTestId('ticket-chat');
    const input = chat.getByRole('textbox', { name: /Digite uma mensagem/ });
    await input.waitFor({ timeout: 20_000 });
    const bubble = (text: string) => chat.locator('.chat-bubble', { hasText: text });
    await bubble('Preciso trocar meu pedido').waitFor();

    // Reply with a quote: the phone gets the quoted message's id.
    await act(page, bubble('Preciso trocar meu pedido'), 'Responder');
    await chat.getByText('Respondendo a Maria Ações').waitFor();
    await input.fill('Claro! Qual é o número do pedido?');
    await chat.getByRole('button', { name: 'Enviar' }).click();
    const replied = await until('the quoted reply on the phone', async () => (await outbox(admin, wid)).find((i) => i.body.endsWith('Qual é o número do pedido?')));
    expect(replied).toMatchObject({ to: maria, quotedExternalId: `QT${stamp}` });
    await bubble('Qual é o número do pedido?').locator('.chat-quoted', { hasText: 'Preciso trocar meu pedido' }).waitFor();

    // Edit it: 'Editada' on the screen, the new text on the phone.
    await act(page, bubble('Qual é o número do pedido?'), 'Editar');
    const editDialog = page.getByRole('dialog', { name: 'Editar mensagem' });
    await editDialog.getByLabel('Mensagem').fill('Claro! Pode me passar o número do pedido?');
    await editDialog.getByRole('button', { name: 'Salvar' }).click();
    await bubble('Pode me passar o número do pedido?').getByText('Editada').waitFor();
    await until('the edit on the phone', async () => (await outbox(admin, wid)).find((i) => i.externalId === replied.externalId && i.editedBody?.endsWith('Pode me passar o número do pedido?')));

    // Delete a wrong message: struck through here, deleted on the phone.
    await input.fill('mensagem enviada por engano');
    await chat.getByRole('button', { name: 'Enviar' }).click();
    const wrong = await until('the wrong message on the phone', async () => (await outbox(admin, wid)).find((i) => i.body.endsWith('mensagem enviada por engano')));
    await act(page, bubble('mensagem enviada por engano'), 'Apagar');
    await page.getByRole('dialog', { name: 'Apagar mensagem?' }).getByRole('button', { name: 'Apagar' }).click();
    await bubble('mensagem enviada por engano').locator('s').waitFor();
    await until('the deletion on the phone', async () => (await outbox(admin, wid)).find((i) => i.externalId === wrong.externalId && i.deleted));
    await shot(page, 'messages-1-reply-edit-delete');

    // The voice note: the browser's player, the rate button cycling, the transcription.
    const note = chat.locator('.chat-bubble', { has: page.locator('audio') }).first();
    await note.waitFor();
    await until('the voice note loaded', async () => (await note.locator('audio').evaluate((a: { readyState: number; duration: number; playbackRate: number }) => a.readyState >= 1 && a.duration > 0.9)) || undefined, 15_000);
    const rate = note.getByRole('button', { name: /Velocidade de reprodução/ });
    const before = (await rate.textContent())!.trim();
    await rate.click();
    await expect.poll(async () => (await rate.textContent())!.trim()).not.toBe(before);
    expect(await note.locator('audio').evaluate((a: { readyState: number; duration: number; playbackRate: number }) => a.playbackRate)).toBe(Number((await rate.textContent())!.replace('x', '')));
    await act(page, note, 'Transcrever áudio');
    await note.getByText('texto transcrito').waitFor({ timeout: 20_000 });

    // Record an audio on the fake microphone (over the 10,000-byte minimum): the phone gets it.
    await chat.getByRole('button', { name: 'Gravar áudio' }).click();
    await chat.getByRole('button', { name: 'Parar e enviar o áudio' }).waitFor();
    await page.waitForTimeout(4_000);
    await chat.getByRole('button', { name: 'Parar e enviar o áudio' }).click();
    const recorded = await until('the recorded audio on the phone', async () => (await outbox(admin, wid)).find((i) => i.to === maria && i.mediaType === 'audio'), 30_000);
    expect(recorded.ack).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => chat.locator('.chat-bubble--me audio').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    // The row's preview names the kind of a media message without a caption.
    await expect.poll(() => page.getByTestId(`ticket-${tickets.m.id}`).locator('.t-row__last').textContent(), { timeout: 15_000 }).toBe('Áudio');
    await shot(page, 'messages-2-audio');

    // Forward Maria's message to João's ticket: his phone gets it, marked forwarded in his chat.
    await act(page, bubble('Preciso trocar meu pedido').first(), 'Encaminhar');
    const fwd = page.getByRole('dialog', { name: 'Encaminhar mensagem' });
    await fwd.getByPlaceholder('Buscar atendimento por nome ou número').fill('joão');
    await fwd.getByRole('option', { name: /João Destino/ }).click();
    await fwd.getByRole('button', { name: 'Encaminhar' }).click();
    await page.getByText('Mensagem encaminhada.').waitFor();
    await until('the forward on João\'s phone', async () => (await outbox(admin, wid)).find((i) => i.to === joao && i.body.endsWith('Preciso trocar meu pedido')));
    await page.goto(`${baseUrl()}/tickets/${tickets.j.uuid}`);
    await bubble('Preciso trocar meu pedido').getByText('Encaminhada').waitFor({ timeout: 20_000 });
    await shot(page, 'messages-3-forwarded');

    // Rename João while his row is on the list: the row changes without a reload.
    const row = page.getByTestId(`ticket-${tickets.j.id}`);
    await row.waitFor();
    const contactId = (await admin.call('GET', `/tickets/${tickets.j.id}`)).body.contactId as number;
    expect((await admin.call('PUT', `/contacts/${contactId}`, { body: { name: 'João Renomeado' } })).status).toBe(200);
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('João Renomeado');
    await shot(page, 'messages-4-renamed-live');
    await ctx.close();
  }, 240_000);
});
