/**
 * The inbound worker against DynamoDB Local: idempotency, one ticket per contact under
 * concurrency, ordering, the ninth digit, the reopen window, updates, groups and events.
 */
import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';
import { queryPartition } from '../support/db';
import { lockKey, ticketKey } from '../../functions/src/adapters/db/tickets';
import { newCompany, signedIn, unique, PASSWORD } from '../support/api';
import { runInbound, text } from '../support/inbound';
import { openSocket } from '../support/socket';
import { receiveMessage } from '../../functions/src/domain/inbound/receive-message';
import type { MediaType } from '@conversa/shared/channels';


async function setup(over: Record<string, unknown> = {}) {
  const co = await newCompany();
  const conn = await co.admin.call('POST', '/whatsapp', { body: { name: 'Sandbox', channel: 'sandbox', ...over } });
  return { ...co, wid: conn.body.id as number };
}

describe('inbound pipeline', () => {
  it('1,000 messages from 50 contacts, 30% delivered twice, 4 concurrent workers: exact counts, one ticket each, ordered', async () => {
    const { companyId, wid } = await setup();
    const contacts = Array.from({ length: 50 }, (_, i) => `55119${String(70000000 + i)}`);
    const base = Date.now() - 60_000;
    const perChat = new Map<string, ReturnType<typeof text>[]>();
    for (let i = 0; i < 1000; i++) {
      const from = contacts[i % 50]!;
      const env = text(companyId, wid, from, `msg ${i}`, { timestamp: base + i * 10 });
      const list = perChat.get(from) ?? [];
      list.push(env);
      if (i % 10 < 3) list.push(env); // delivered twice
      perChat.set(from, list);
    }
    // FIFO: a chat's messages stay in order within one worker; 4 workers share the chats.
    const chats = [...perChat.values()];
    await Promise.all([0, 1, 2, 3].map(async (w) => {
      for (const chat of chats.filter((_, i) => i % 4 === w)) {
        for (let i = 0; i < chat.length; i += 10) {
          const out = await runInbound(chat.slice(i, i + 10));
          expect(out.batchItemFailures).toEqual([]);
        }
      }
    }));
    const tickets = await queryPartition(`C#${companyId}#TICKETS`);
    expect(tickets).toHaveLength(50);
    expect(tickets.every((t) => t.status === 'pending' && t.unreadMessages === 20)).toBe(true);
    let total = 0;
    for (const t of tickets) {
      const msgs = await queryPartition(`C#${companyId}#MSGS#${t.id}`);
      total += msgs.length;
      const numbers = msgs.map((m) => Number(String(m.body).split(' ')[1]));
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      expect(t.lastMessage).toBe(`msg ${numbers[numbers.length - 1]}`);
    }
    expect(total).toBe(1000);
    expect(await queryPartition(`C#${companyId}#CONTACTS`)).toHaveLength(50);
  }, 180_000);

  it('two first messages of a new contact at once make one contact and one ticket', async () => {
    const { companyId, wid } = await setup();
    const results = await Promise.all([0, 1, 2, 3, 4].map((i) => receiveMessage(text(companyId, wid, '5521998887766', `oi ${i}`) as never)));
    expect(results.every((r) => r === 'stored')).toBe(true);
    expect(await queryPartition(`C#${companyId}#TICKETS`)).toHaveLength(1);
    expect(await queryPartition(`C#${companyId}#CONTACTS`)).toHaveLength(1);
  });

  it("a file without a caption previews as its name (a document) or its kind, as a sent one does", async () => {
    const { companyId, wid } = await setup();
    const lastMessage = async () => ((await queryPartition(`C#${companyId}#TICKETS`))[0] as { lastMessage: string }).lastMessage;
    const file = (mediaType: MediaType, mimetype: string, filename: string) => text(companyId, wid, '5521977776655', '', { mediaType, media: { key: `companies/${companyId}/media/${wid}/${filename}`, mimetype, filename } });
    await runInbound([file('application', 'application/pdf', 'contrato.pdf')]);
    expect(await lastMessage()).toBe('contrato.pdf');
    await runInbound([file('audio', 'audio/ogg', 'nota.ogg')]);
    expect(await lastMessage()).toBe('[audio]');
  });

  it('the ninth digit: both spellings of a Brazilian mobile are one contact and one ticket', async () => {
    const { companyId, wid } = await setup();
    await runInbound([text(companyId, wid, '5511987654321', 'com nove')]);
    await runInbound([text(companyId, wid, '551187654321', 'sem nove')]);
    expect(await queryPartition(`C#${companyId}#CONTACTS`)).toHaveLength(1);
    const [t] = await queryPartition(`C#${companyId}#TICKETS`);
    expect(t!.unreadMessages).toBe(2);
  });

  it('a connection with one queue puts new tickets in it', async () => {
    const co = await newCompany();
    await db().send(new UpdateCommand({ TableName: table(), Key: { PK: `C#${co.companyId}#QUEUES`, SK: '0000000001' }, UpdateExpression: 'SET id = :i, #n = :n', ExpressionAttributeNames: { '#n': 'name' }, ExpressionAttributeValues: { ':i': 1, ':n': 'Vendas' } }));
    const wid = (await co.admin.call('POST', '/whatsapp', { body: { name: 'Com fila', channel: 'sandbox', queueIds: [1] } })).body.id;
    await runInbound([text(co.companyId, wid, '5511911112222', 'oi')]);
    expect((await queryPartition(`C#${co.companyId}#TICKETS`))[0]!.queueId).toBe(1);
  });

  it('reopens a ticket closed within the reopen window as pending with no agent; later, a new ticket', async () => {
    const { companyId, wid } = await setup({ reopenWindowMinutes: 30 });
    await runInbound([text(companyId, wid, '5511933334444', 'primeira')]);
    const [t] = await queryPartition(`C#${companyId}#TICKETS`);
    const close = async (minutesAgo: number) => {
      const closedAt = new Date(Date.now() - minutesAgo * 60_000).toISOString();
      await db().send(new UpdateCommand({ TableName: table(), Key: ticketKey(companyId, t!.id), UpdateExpression: 'SET #s = :c, userId = :u, closedAt = :at', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':c': 'closed', ':u': 1, ':at': closedAt } }));
      await db().send(new UpdateCommand({ TableName: table(), Key: lockKey(companyId, t!.contactId, wid), UpdateExpression: 'SET #s = :c, closedAt = :at', ExpressionAttributeNames: { '#s': 'state' }, ExpressionAttributeValues: { ':c': 'closed', ':at': closedAt } }));
    };
    await close(10);
    await runInbound([text(companyId, wid, '5511933334444', 'voltei')]);
    let tickets = await queryPartition(`C#${companyId}#TICKETS`);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ status: 'pending', userId: null });
    await close(45);
    await runInbound([text(companyId, wid, '5511933334444', 'muito depois')]);
    tickets = await queryPartition(`C#${companyId}#TICKETS`);
    expect(tickets.map((x) => x.status).sort()).toEqual(['closed', 'pending']);
  });

  it('acks only go up; edits, deletions and reactions change the stored message; none creates a ticket', async () => {
    const { companyId, wid } = await setup();
    const m = text(companyId, wid, '5511955556666', 'original');
    await runInbound([m]);
    const ext = (m as { externalId: string }).externalId;
    const upd = (over: Record<string, unknown>) => ({ kind: 'update' as const, companyId, whatsappId: wid, externalId: ext, chatId: '5511955556666', timestamp: Date.now(), ...over });
    await runInbound([upd({ ack: 3 }), upd({ ack: 2 }), upd({ editedBody: 'editada' }), upd({ reaction: { emoji: '👍', from: '5511955556666', fromMe: false } })]);
    const [t] = await queryPartition(`C#${companyId}#TICKETS`);
    const [msg] = await queryPartition(`C#${companyId}#MSGS#${t!.id}`);
    expect(msg).toMatchObject({ ack: 3, body: 'editada', isEdited: true, reactions: [{ emoji: '👍' }] });
    await runInbound([upd({ deleted: true })]);
    expect((await queryPartition(`C#${companyId}#MSGS#${t!.id}`))[0]!.isDeleted).toBe(true);
    expect(await queryPartition(`C#${companyId}#TICKETS`)).toHaveLength(1);
  });

  it('an update for an unknown message is retried, then dropped', async () => {
    const { companyId, wid } = await setup();
    const u = { kind: 'update' as const, companyId, whatsappId: wid, externalId: 'NOPE', chatId: '5511900000000', ack: 2, timestamp: Date.now() };
    expect((await runInbound([u], 1)).batchItemFailures).toHaveLength(1);
    expect((await runInbound([u], 3)).batchItemFailures).toHaveLength(0);
  });

  it('a poison record fails alone; the rest of the batch is stored', async () => {
    const { companyId, wid } = await setup();
    const good = text(companyId, wid, '5511977778888', 'válida');
    const bad = { ...text(companyId, wid, '5511966667777', 'x'), companyId: -1 } as never;
    const out = await runInbound([bad, good]);
    expect(out.batchItemFailures).toHaveLength(1);
    expect(await queryPartition(`C#${companyId}#TICKETS`)).toHaveLength(1);
  });

  it('drops groups unless the connection allows them; status broadcasts always', async () => {
    const a = await setup();
    await runInbound([text(a.companyId, a.wid, '120363000000001', 'no grupo', { isGroup: true, participant: { id: '5511911110000', name: 'Ana' } }), text(a.companyId, a.wid, 'status@broadcast', 'status')]);
    expect(await queryPartition(`C#${a.companyId}#TICKETS`)).toHaveLength(0);
    const b = await setup({ allowGroups: true });
    await runInbound([text(b.companyId, b.wid, '120363000000001', 'no grupo', { isGroup: true, contactName: 'Equipe', participant: { id: '5511911110000', name: 'Ana' } })]);
    const [t] = await queryPartition(`C#${b.companyId}#TICKETS`);
    expect(t).toMatchObject({ isGroup: true });
    const [c] = await queryPartition(`C#${b.companyId}#CONTACTS`);
    expect(c).toMatchObject({ isGroup: true, name: 'Equipe' });
  });

  it('events reach the admins and the agents of the queue, not other agents', async () => {
    const co = await newCompany();
    await db().send(new UpdateCommand({ TableName: table(), Key: { PK: `C#${co.companyId}#QUEUES`, SK: '0000000001' }, UpdateExpression: 'SET id = :i', ExpressionAttributeValues: { ':i': 1 } }));
    await db().send(new UpdateCommand({ TableName: table(), Key: { PK: `C#${co.companyId}#QUEUES`, SK: '0000000002' }, UpdateExpression: 'SET id = :i', ExpressionAttributeValues: { ':i': 2 } }));
    const wid = (await co.admin.call('POST', '/whatsapp', { body: { name: 'Fila 1', channel: 'sandbox', queueIds: [1] } })).body.id;
    const mk = async (queueIds: number[]) => {
      const email = `${unique()}@example.test`;
      await co.admin.call('POST', '/users', { body: { name: 'Agente Fila', email, password: PASSWORD, queueIds } });
      return openSocket((await signedIn(email)).token!);
    };
    const inQueue = await mk([1]);
    const other = await mk([2]);
    const admin = await openSocket(co.admin.token!);
    await runInbound([text(co.companyId, wid, '5511922223333', 'preciso de ajuda')]);
    const ev = await inQueue.waitFor((e) => e.channel === `company-${co.companyId}-appMessage`);
    expect(ev.data).toMatchObject({ action: 'create', message: { body: 'preciso de ajuda', fromMe: false }, ticket: { status: 'pending', queueId: 1 }, contact: { number: '5511922223333' } });
    await admin.waitFor((e) => e.channel === `company-${co.companyId}-ticket`);
    await new Promise((r) => setTimeout(r, 300));
    expect(other.events.some((e) => e.channel.endsWith('-appMessage'))).toBe(false);
    for (const s of [inQueue, other, admin]) s.close();
  });
});
