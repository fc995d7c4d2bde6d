import { describe, expect, it } from 'vitest';
import { QueueConsumer, type Disposition } from './consumer';
import { envelopeDedupId } from './envelopes';
import { silentLog } from './log';
import type { QueueMessage, QueuePort } from './queue-port';

describe('QueueConsumer.processBatch', () => {
  it('keeps order per group and hands back the rest of a group after a message that is not done', async () => {
    const settled: string[] = [];
    const port: QueuePort = {
      receive: async () => [],
      delete: async (_q, h) => void settled.push(`del:${h}`),
      changeVisibility: async (_q, h, s) => void settled.push(`vis${s}:${h}`),
      send: async () => undefined,
    };
    const seen: string[] = [];
    const plan: Record<string, Disposition> = { a1: 'done', a2: 'retry', a3: 'done', b1: 'release', b2: 'done', c1: { visibleInSeconds: 3 } };
    const c = new QueueConsumer({ queue: port, name: 'q', log: silentLog, handle: async (m) => (seen.push(m.id), plan[m.id]!) });
    const m = (id: string, groupId: string): QueueMessage => ({ id, receiptHandle: id, body: '{}', groupId, receiveCount: 1 });
    await c.processBatch([m('a1', 'A'), m('b1', 'B'), m('a2', 'A'), m('a3', 'A'), m('b2', 'B'), m('c1', 'C')]);
    expect(seen).toEqual(['a1', 'b1', 'c1', 'a2']);
    // A paced message (a numbers check before its session's turn) comes back when the turn does.
    expect(settled.sort()).toEqual(['del:a1', 'vis0:a3', 'vis0:b1', 'vis0:b2', 'vis3:c1'].sort());
  });
});

describe('QueueConsumer pollers', () => {
  it('receives in several loops: a chat whose message is slow does not hold another chat back', async () => {
    // A FIFO queue in miniature: a group with a message in flight is locked.
    const queue = [{ id: 'a1', groupId: 'A' }, { id: 'a2', groupId: 'A' }, { id: 'b1', groupId: 'B' }];
    const inFlight = new Set<string>();
    const port: QueuePort = {
      receive: async () => {
        const next = queue.find((m) => !inFlight.has(m.groupId));
        if (!next) return new Promise((r) => setTimeout(() => r([]), 5));
        inFlight.add(next.groupId);
        return [{ ...next, receiptHandle: next.id, body: '{}', receiveCount: 1 }];
      },
      delete: async (_q, h) => {
        const i = queue.findIndex((m) => m.id === h);
        inFlight.delete(queue[i]!.groupId);
        queue.splice(i, 1);
      },
      changeVisibility: async () => undefined,
      send: async () => undefined,
    };
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const seen: string[] = [];
    const c = new QueueConsumer({ queue: port, name: 'q', log: silentLog, pollers: 2, handle: async (m) => (seen.push(m.id), m.id === 'a1' && (await gate), 'done') });
    c.start();
    const until = async (pred: () => boolean) => {
      for (let i = 0; i < 200 && !pred(); i++) await new Promise((r) => setTimeout(r, 5));
    };
    await until(() => seen.includes('b1'));
    expect(seen).toEqual(['a1', 'b1']); // b1 while a1 still runs; a2 waits for a1
    release();
    await until(() => seen.length === 3);
    await c.stop();
    expect(seen).toEqual(['a1', 'b1', 'a2']);
  });
});

describe('envelopeDedupId', () => {
  const base = { companyId: 1, whatsappId: 2, chatId: '55', timestamp: 1 };
  it('is stable per message, ack, edit, deletion and reaction', () => {
    expect(envelopeDedupId({ ...base, kind: 'message', externalId: 'X', isGroup: false, fromMe: false, contactName: '', altIds: [], body: '' })).toBe('m:2:X');
    expect(envelopeDedupId({ ...base, kind: 'update', externalId: 'X', ack: 3 })).toBe('u:2:X:ack3');
    expect(envelopeDedupId({ ...base, kind: 'update', externalId: 'X', deleted: true })).toBe('u:2:X:del');
    const e1 = envelopeDedupId({ ...base, kind: 'update', externalId: 'X', editedBody: 'a' });
    expect(e1).toBe(envelopeDedupId({ ...base, kind: 'update', externalId: 'X', editedBody: 'a', timestamp: 9 }));
    expect(e1).not.toBe(envelopeDedupId({ ...base, kind: 'update', externalId: 'X', editedBody: 'b' }));
    expect(envelopeDedupId({ ...base, kind: 'sent', ticketId: 4, messageId: 'M' })).toBe('sent:M');
    const like = (timestamp: number) => envelopeDedupId({ ...base, timestamp, kind: 'update', externalId: 'X', reaction: { emoji: '👍', from: '55', fromMe: false } });
    expect(like(1)).toBe(like(1));
    // The same reaction again after a removal is a new change, not a duplicate delivery.
    expect(like(1)).not.toBe(like(2));
  });
});
