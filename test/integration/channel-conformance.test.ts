/**
 * What the channels deliver, as Meta documents it and as WhatsApp sends it, through the inbound
 * worker against DynamoDB Local: reactions (one per sender), the arrival order of messages of
 * one second, unsupported messages, whole contact cards.
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { arrivalStamp, type InboundEnvelope } from '@conversa/shared/channels';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';
import { keys } from '../../functions/src/adapters/db/keys';
import { findExternalRef, getMessage } from '../../functions/src/adapters/db/messages';
import { newCompany } from '../support/api';
import { queryPartition } from '../support/db';
import { runInbound, text } from '../support/inbound';

async function sandbox() {
  const co = await newCompany();
  const conn = await co.admin.call('POST', '/whatsapp', { body: { name: 'Sandbox', channel: 'sandbox', allowGroups: true } });
  return { ...co, wid: conn.body.id as number };
}

const react = (companyId: number, wid: number, chatId: string, to: string, from: string, emoji: string): InboundEnvelope => ({
  kind: 'update', companyId, whatsappId: wid, externalId: to, chatId, reaction: { emoji, from, fromMe: false }, timestamp: Date.now(),
});

/** A Messenger / Instagram connection as POST /facebook leaves it (its Meta login is not what these tests are about). */
async function graphConnection(companyId: number, channel: 'facebook' | 'instagram', provider: Record<string, string>): Promise<number> {
  const id = 900 + Math.floor(Math.random() * 90);
  const now = new Date().toISOString();
  await db().send(new PutCommand({ TableName: table(), Item: { ...keys.whatsapp(companyId, id), entity: 'whatsapp', id, companyId, name: channel, channel, status: 'CONNECTED', queueIds: [], reopenWindowMinutes: 0, allowGroups: false, provider, createdAt: now, updatedAt: now } }));
  return id;
}

async function storedOf(companyId: number, wid: number, externalId: string) {
  const at = await findExternalRef(companyId, wid, externalId);
  return at ? getMessage(companyId, at.ticketId, at.messageId) : undefined;
}

describe('reactions', () => {
  it('keep one reaction per sender: a change replaces it, an empty emoji removes it', async () => {
    const { companyId, wid } = await sandbox();
    const group = '120363000000000001@g.us';
    const first = text(companyId, wid, group, 'Bom dia, grupo', { isGroup: true, participant: { id: '5511911110000', name: 'Ana' } });
    expect((await runInbound([first])).batchItemFailures).toEqual([]);
    const id = (first as { externalId: string }).externalId;
    const reactions = async () => (await storedOf(companyId, wid, id))?.reactions;

    await runInbound([react(companyId, wid, group, id, '5511922220000', '👍')]);
    await runInbound([react(companyId, wid, group, id, '5511922220000', '❤️')]);
    expect(await reactions()).toEqual([{ emoji: '❤️', from: '5511922220000', fromMe: false }]);

    await runInbound([react(companyId, wid, group, id, '5511933330000', '😂')]);
    await runInbound([react(companyId, wid, group, id, '5511922220000', '')]);
    expect(await reactions()).toEqual([{ emoji: '😂', from: '5511933330000', fromMe: false }]);

    // Removing a reaction that is not there, or repeating one, changes nothing.
    await runInbound([react(companyId, wid, group, id, '5511922220000', ''), react(companyId, wid, group, id, '5511933330000', '😂')]);
    expect(await reactions()).toEqual([{ emoji: '😂', from: '5511933330000', fromMe: false }]);
  });

  it('two senders reacting at once both keep their reaction', async () => {
    const { companyId, wid } = await sandbox();
    const group = '120363000000000002@g.us';
    const first = text(companyId, wid, group, 'Votem', { isGroup: true, participant: { id: '5511911110000', name: 'Ana' } });
    await runInbound([first]);
    const id = (first as { externalId: string }).externalId;
    const senders = Array.from({ length: 6 }, (_, i) => `55119444400${String(i).padStart(2, '0')}`);
    // Different FIFO groups would be different chats; here the same chat reaches several workers at once.
    await Promise.all(senders.map((s) => runInbound([react(companyId, wid, group, id, s, '🔥')])));
    const after = await storedOf(companyId, wid, id);
    expect(after?.reactions?.map((r) => r.from).sort()).toEqual(senders);
    const [ticket] = await queryPartition(`C#${companyId}#TICKETS`);
    expect(ticket?.unreadMessages).toBe(1);
  });
});

/** Channel ids whose hashes (what ids of one second used to sort by) run against the order given. */
function idsSortingBackwards(n: number, prefix: string): string[] {
  const hash = (id: string) => createHash('sha256').update(id).digest('base64url').slice(0, 7);
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const id = `${prefix}${i}`;
    if (!out.length || hash(id) < hash(out[out.length - 1]!)) out.push(id);
  }
  return out;
}

describe('messages of the same second', () => {
  it('are listed in the order they arrived, not by their ids', async () => {
    const { companyId, wid, admin } = await sandbox();
    const second = Math.floor(Date.now() / 1000) * 1000;
    const ids = idsSortingBackwards(4, `wamid.SAME${companyId}.`);
    // As the session host or a webhook stamps them before queueing; one record each, in order.
    for (const [i, id] of ids.entries()) {
      const env = { ...text(companyId, wid, '5511955550000', `parte ${i + 1}`, { externalId: id, timestamp: second }), receivedAt: arrivalStamp() } as InboundEnvelope;
      expect((await runInbound([env])).batchItemFailures).toEqual([]);
    }
    const ticketId = (await findExternalRef(companyId, wid, ids[0]!))!.ticketId;
    const page = await admin.call('GET', `/messages/${ticketId}`);
    expect(page.body.messages.map((m: { body: string }) => m.body)).toEqual(['parte 1', 'parte 2', 'parte 3', 'parte 4']);
    const [ticket] = await queryPartition(`C#${companyId}#TICKETS`);
    expect(ticket?.lastMessage).toBe('parte 4');
  });
});

describe('unsupported messages', () => {
  it('are stored as a placeholder that opens the ticket and shows in its preview', async () => {
    const { companyId, wid, admin } = await sandbox();
    const env = text(companyId, wid, '5511966660000', '', { mediaType: 'unsupported' });
    expect((await runInbound([env])).batchItemFailures).toEqual([]);
    const stored = await storedOf(companyId, wid, (env as { externalId: string }).externalId);
    expect(stored).toMatchObject({ mediaType: 'unsupported', body: '', fromMe: false });
    const [ticket] = await queryPartition(`C#${companyId}#TICKETS`);
    expect(ticket).toMatchObject({ lastMessage: '[unsupported]', unreadMessages: 1, status: 'pending' });
    const page = await admin.call('GET', `/messages/${ticket!.id}`);
    expect(page.body.messages).toEqual([expect.objectContaining({ mediaType: 'unsupported', body: '' })]);
  });
});

describe('Messenger read watermarks', () => {
  it("mark every message the page sent up to the watermark read (later ones untouched) and deliveries raise the rest", async () => {
    const co = await newCompany();
    const wid = await graphConnection(co.companyId, 'facebook', { pageId: `PG${co.companyId}`, accessTokenRef: 'plain:tok' });
    const psid = `PSID${co.companyId}`;
    const t0 = Date.now() - 60_000;
    const page = (i: number) => ({ ...text(co.companyId, wid, psid, `resposta ${i}`, { externalId: `m_page_${i}`, timestamp: t0 + i * 1000, fromMe: true }), receivedAt: arrivalStamp() }) as InboundEnvelope;
    expect((await runInbound([text(co.companyId, wid, psid, 'Oi', { timestamp: t0, contactName: 'Cliente' }), page(1), page(2), page(3)])).batchItemFailures).toEqual([]);
    const acks = async () => Promise.all([1, 2, 3].map(async (i) => (await storedOf(co.companyId, wid, `m_page_${i}`))?.ack));
    expect(await acks()).toEqual([1, 1, 1]);
    const mark = (ack: 2 | 3, at: number): InboundEnvelope => ({ kind: 'watermark', companyId: co.companyId, whatsappId: wid, chatId: psid, ack, watermark: at, timestamp: Date.now() });
    expect((await runInbound([mark(3, t0 + 2500)])).batchItemFailures).toEqual([]);
    expect(await acks()).toEqual([3, 3, 1]);
    // A delivery watermark raises what is below it, never lowers a read one.
    await runInbound([mark(2, t0 + 3500)]);
    expect(await acks()).toEqual([3, 3, 2]);
    // A watermark of a chat with no contact changes nothing and does not fail.
    expect((await runInbound([{ ...mark(3, Date.now()), chatId: 'PSID-nobody' }])).batchItemFailures).toEqual([]);
  });
});
