/**
 * An agent's reaction and the customer's read receipts end to end through the session host's
 * sandbox phone: the reaction is stored one per sender and reaches the phone and the ticket's
 * viewers; reading a ticket in the app (opening it, or the chat showing new messages) sends one
 * receipt per batch naming the messages read, and a spy's reading sends none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageRef } from '../../shared/src/schemas/messages';
import { newMessageId, putMessageOnce } from '../../functions/src/adapters/db/messages';
import { newCompany, type Client } from '../support/api';
import { openSocket } from '../support/socket';
import { pairSandbox, until } from '../support/sandbox';

let admin: Client;
let companyId: number;
let wid: number;
let socket: Awaited<ReturnType<typeof openSocket>>;

type OutboxItem = { externalId: string; to: string; body: string; reaction?: string; quotedExternalId?: string };
const outbox = async (): Promise<OutboxItem[]> => (await admin.call('GET', `/sandbox/${wid}/outbox?limit=100`)).body.items;
/** The read receipts the phone got from one customer's chat (beside the outbox, which stays what the phone received). */
const receipts = async (to: string): Promise<{ to: string; readIds: string[] }[]> => ((await admin.call('GET', `/sandbox/${wid}/outbox`)).body.reads as { to: string; readIds: string[] }[]).filter((r) => r.to === to);

/** A customer writes on the phone; answers the stored message once the agent's socket saw it. */
async function customerWrites(from: string, body: string, id: string): Promise<{ ticketId: number; messageId: string }> {
  const played = await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from, name: `Cliente ${from.slice(-4)}`, body, id } });
  expect(played.status).toBe(202);
  const ev = await socket.waitFor((e) => e.channel === `company-${companyId}-appMessage` && e.data.action === 'create' && (e.data.message as { body: string }).body === body, 20_000);
  return { ticketId: (ev.data.ticket as { id: number }).id, messageId: (ev.data.message as { id: string }).id };
}

beforeAll(async () => {
  ({ admin, companyId } = await newCompany());
  wid = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox', channel: 'sandbox' } })).body.id;
  socket = await openSocket(admin.token!);
  await pairSandbox(admin, wid);
}, 90_000);
afterAll(() => socket?.close());

describe("the agent's reaction", () => {
  it('is stored once for the account (replaced, then removed), reaches the phone and the ticket viewers', async () => {
    const from = '5511987650001';
    const m = await customerWrites(from, 'Chegou o pedido!', 'REACT1');
    const react = (emoji: string) => admin.call('POST', `/messages/${messageRef({ ticketId: m.ticketId, id: m.messageId })}/react`, { body: { emoji } });

    const liked = await react('👍');
    expect(liked.status, JSON.stringify(liked.body)).toBe(200);
    expect(liked.body).toMatchObject({ id: m.messageId, reactions: [{ emoji: '👍', from: 'me', fromMe: true }] });
    await socket.waitFor((e) => e.channel.endsWith('-appMessage') && e.data.action === 'update' && (e.data.message as { reactions: { emoji: string }[] }).reactions?.[0]?.emoji === '👍');
    await until('the reaction on the phone', async () => (await outbox()).find((i) => i.reaction === '👍' && i.quotedExternalId === 'REACT1'));

    expect((await react('❤️')).body.reactions).toEqual([{ emoji: '❤️', from: 'me', fromMe: true }]);
    await until('the new reaction on the phone', async () => (await outbox()).find((i) => i.reaction === '❤️' && i.quotedExternalId === 'REACT1'));
    // The customer's own reaction stays beside the agent's.
    await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from, reaction: { to: 'REACT1', emoji: '🙏' } } });
    const both = await until('both reactions', async () => {
      const page = await admin.call('GET', `/messages/${m.ticketId}`);
      const r = page.body.messages.find((x: { id: string }) => x.id === m.messageId)?.reactions;
      return r?.length === 2 && r;
    });
    expect(both).toEqual([{ emoji: '❤️', from: 'me', fromMe: true }, { emoji: '🙏', from, fromMe: false }]);

    const removed = await react('');
    expect(removed.body.reactions).toEqual([{ emoji: '🙏', from, fromMe: false }]);
    await until('the removal on the phone', async () => (await outbox()).find((i) => i.reaction === '' && i.quotedExternalId === 'REACT1'));
    // The same again changes nothing and sends nothing.
    const before = (await outbox()).length;
    expect((await react('')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 800));
    expect((await outbox()).length).toBe(before);
  }, 60_000);

  it('refuses what is not one emoji (400) and a message that cannot take a reaction (409)', async () => {
    const m = await customerWrites('5511987650002', 'Oi', 'REACT2');
    const ref = messageRef({ ticketId: m.ticketId, id: m.messageId });
    for (const emoji of ['ok', '👍👍', ' 👍', 'a'.repeat(40)]) {
      const res = await admin.call('POST', `/messages/${ref}/react`, { body: { emoji } });
      expect([res.status, res.body.error], emoji).toEqual([400, 'ERR_VALIDATION']);
    }
    for (const emoji of ['🇧🇷', '👍🏽', '👨‍👩‍👧']) expect((await admin.call('POST', `/messages/${ref}/react`, { body: { emoji } })).status, emoji).toBe(200);
    // A log line, a message never sent to the channel and a deleted one cannot take one.
    const base = { companyId, ticketId: m.ticketId, contactId: 1, whatsappId: wid, body: 'x', fromMe: true, ack: 0, isDeleted: false, isEdited: false, isForwarded: false, read: true, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() };
    for (const over of [{ mediaType: 'info_log' as const }, {}, { externalId: 'SENT-X', ack: 1, isDeleted: true }]) {
      const id = newMessageId();
      await putMessageOnce({ ...base, id, ...over });
      const res = await admin.call('POST', `/messages/${messageRef({ ticketId: m.ticketId, id })}/react`, { body: { emoji: '👍' } });
      expect([res.status, res.body.error], JSON.stringify(over)).toEqual([409, 'ERR_MESSAGE_NOT_REACTABLE']);
    }
    expect((await admin.call('POST', `/messages/${m.ticketId}_nope/react`, { body: { emoji: '👍' } })).body.error).toBe('ERR_NO_MESSAGE_FOUND');
  }, 60_000);
});

describe('read receipts', () => {
  it('opening the ticket sends one receipt naming the unread messages; the chat sends one per new batch', async () => {
    const from = '5511987650003';
    const first = await customerWrites(from, 'Bom dia', 'READ1');
    await customerWrites(from, 'Tem horário hoje?', 'READ2');
    const opened = await admin.call('GET', `/tickets/${first.ticketId}`);
    expect(opened.body.unreadMessages).toBe(0);
    const [receipt] = await until('the receipt on the phone', async () => {
      const r = await receipts(from);
      return r.length ? r : undefined;
    });
    expect(receipt!.readIds).toEqual(['READ2', 'READ1']);
    // Opening it again (nothing unread) sends nothing.
    await admin.call('GET', `/tickets/${first.ticketId}`);
    await customerWrites(from, 'Às 15h?', 'READ3');
    const read = await admin.call('POST', `/messages/${first.ticketId}/read`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toEqual({ unreadMessages: 0 });
    const after = await until('the second receipt', async () => {
      const r = await receipts(from);
      return r.length === 2 ? r : undefined;
    });
    expect(after[1]!.readIds).toEqual(['READ3']);
    // The phone's outbox itself got nothing from the reads (it lists what the phone received).
    expect((await outbox()).filter((i) => i.to === from)).toEqual([]);
    // The chat asking again (another screen, the same batch) sends nothing more.
    expect((await admin.call('POST', `/messages/${first.ticketId}/read`)).body).toEqual({ unreadMessages: 0 });
    await new Promise((r) => setTimeout(r, 800));
    expect(await receipts(from)).toHaveLength(2);
  }, 60_000);

  it('a spy reading the messages sends none and leaves them unread', async () => {
    const from = '5511987650004';
    const m = await customerWrites(from, 'Alguém aí?', 'SPY1');
    const page = await admin.call('GET', `/messages/${m.ticketId}`);
    expect(page.body.messages.map((x: { body: string }) => x.body)).toContain('Alguém aí?');
    await new Promise((r) => setTimeout(r, 800));
    expect(await receipts(from)).toEqual([]);
    const list = await admin.call('GET', `/tickets?status=pending&showAll=true`);
    expect(list.body.tickets.find((t: { id: number }) => t.id === m.ticketId)?.unreadMessages).toBe(1);
  }, 60_000);
});
