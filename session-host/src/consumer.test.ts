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
    const plan: Record<string, Disposition> = { a1: 'done', a2: 'retry', a3: 'done', b1: 'release', b2: 'done' };
    const c = new QueueConsumer({ queue: port, name: 'q', log: silentLog, handle: async (m) => (seen.push(m.id), plan[m.id]!) });
    const m = (id: string, groupId: string): QueueMessage => ({ id, receiptHandle: id, body: '{}', groupId, receiveCount: 1 });
    await c.processBatch([m('a1', 'A'), m('b1', 'B'), m('a2', 'A'), m('a3', 'A'), m('b2', 'B')]);
    expect(seen).toEqual(['a1', 'b1', 'a2']);
    expect(settled.sort()).toEqual(['del:a1', 'vis0:a3', 'vis0:b1', 'vis0:b2'].sort());
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
  });
});
