/**
 * The local queues' journal records (journal.ts): every change of a queue is one record, appended
 * as it happens; a start replays them and compacts the journal to the live state.
 *
 *   s  a message sent                r  a receive: count, first receive, hidden until
 *   v  a visibility change           x  a delete          m  a move to the dead-letter queue
 *   p  a purge
 * and, in a compacted journal, l  a message as it stands (h: in flight),  k  a FIFO deduplication entry.
 *
 * Restored, a message that was in flight is visible at once: whoever had received it (the pollers,
 * the session host) ended with the stack. Its receive count stays, so a message that keeps
 * killing its consumer still reaches its dead-letter queue.
 */
import type { MessageAttributes } from './queues';

export type Msg = {
  messageId: string;
  body: string;
  groupId?: string;
  dedupId?: string;
  sequenceNumber?: string;
  sentAt: number;
  visibleAt: number;
  receiveCount: number;
  firstReceiveAt?: number;
  receiptHandle?: string;
  sourceQueue?: string;
  attributes?: MessageAttributes;
};

export type DedupeEntry = { messageId: string; sequenceNumber?: string; until: number };

/** What the store needs of a queue. */
export type StoredQueue = { def: { name: string }; messages: Msg[]; dedupe: Map<string, DedupeEntry>; dlq?: StoredQueue };

type StoredAttributes = Record<string, { t: string; s?: string; b?: string }>;
type StoredMsg = { id: string; b: string; g?: string; d?: string; sq?: string; at: number; v: number; n?: number; f?: number; src?: string; a?: StoredAttributes; h?: 1 };

export type QueueRecord =
  | { t: 's' | 'l'; q: string; m: StoredMsg }
  | { t: 'r'; q: string; id: string; n: number; f: number; v: number }
  | { t: 'v'; q: string; id: string; v: number }
  | { t: 'x'; q: string; id: string }
  | { t: 'm'; q: string; id: string; at: number }
  | { t: 'p'; q: string }
  | { t: 'k'; q: string; k: string; id: string; sq?: string; u: number };

export function storedMsg(m: Msg): StoredMsg {
  const out: StoredMsg = { id: m.messageId, b: m.body, at: m.sentAt, v: m.visibleAt };
  if (m.groupId !== undefined) out.g = m.groupId;
  if (m.dedupId !== undefined) out.d = m.dedupId;
  if (m.sequenceNumber !== undefined) out.sq = m.sequenceNumber;
  if (m.receiveCount) out.n = m.receiveCount;
  if (m.firstReceiveAt !== undefined) out.f = m.firstReceiveAt;
  if (m.sourceQueue !== undefined) out.src = m.sourceQueue;
  if (m.receiptHandle) out.h = 1;
  if (m.attributes) {
    out.a = {};
    for (const [k, a] of Object.entries(m.attributes)) {
      out.a[k] = { t: a.dataType, ...(a.stringValue !== undefined ? { s: a.stringValue } : {}), ...(a.binaryValue !== undefined ? { b: Buffer.from(a.binaryValue).toString('base64') } : {}) };
    }
  }
  return out;
}

function fromStored(s: StoredMsg): Msg {
  const m: Msg = { messageId: s.id, body: s.b, sentAt: s.at, visibleAt: s.v, receiveCount: s.n ?? 0 };
  if (s.g !== undefined) m.groupId = s.g;
  if (s.d !== undefined) m.dedupId = s.d;
  if (s.sq !== undefined) m.sequenceNumber = s.sq;
  if (s.f !== undefined) m.firstReceiveAt = s.f;
  if (s.src !== undefined) m.sourceQueue = s.src;
  if (s.h) m.receiptHandle = 'restored';
  if (s.a) {
    m.attributes = {};
    for (const [k, a] of Object.entries(s.a)) m.attributes[k] = { dataType: a.t, ...(a.s !== undefined ? { stringValue: a.s } : {}), ...(a.b !== undefined ? { binaryValue: Buffer.from(a.b, 'base64') } : {}) };
  }
  return m;
}

export const dedupeKey = (groupId: string, dedupId: string) => `${groupId}\n${dedupId}`;

export type Restored = { messages: number; released: number; unknownQueues: string[] };

/**
 * Applies a journal's records to empty queues. `dedupeMs` is the deduplication window (a sent
 * FIFO message's entry lasts that long after its send).
 */
export function replay(records: readonly unknown[], queues: ReadonlyMap<string, StoredQueue>, now: number, dedupeMs: number): Restored {
  // Messages by id while replaying (a queue's array is rebuilt in send order at the end).
  const live = new Map<string, Map<string, Msg>>();
  const unknown = new Set<string>();
  const of = (name: string) => {
    let m = live.get(name);
    if (!m) live.set(name, (m = new Map()));
    return m;
  };
  const dedupe = new Map<string, [string, DedupeEntry][]>();
  for (const raw of records) {
    const r = raw as QueueRecord;
    const q = queues.get(r.q);
    if (!q) {
      unknown.add(r.q);
      continue;
    }
    const msgs = of(r.q);
    switch (r.t) {
      case 'l':
        msgs.set(r.m.id, fromStored(r.m));
        break;
      case 's': {
        const m = fromStored(r.m);
        msgs.set(m.messageId, m);
        if (m.groupId !== undefined && m.dedupId !== undefined) {
          const list = dedupe.get(r.q) ?? [];
          list.push([dedupeKey(m.groupId, m.dedupId), { messageId: m.messageId, ...(m.sequenceNumber ? { sequenceNumber: m.sequenceNumber } : {}), until: m.sentAt + dedupeMs }]);
          dedupe.set(r.q, list);
        }
        break;
      }
      case 'k': {
        const list = dedupe.get(r.q) ?? [];
        list.push([r.k, { messageId: r.id, ...(r.sq ? { sequenceNumber: r.sq } : {}), until: r.u }]);
        dedupe.set(r.q, list);
        break;
      }
      case 'r': {
        const m = msgs.get(r.id);
        if (m) Object.assign(m, { receiveCount: r.n, firstReceiveAt: r.f, visibleAt: r.v, receiptHandle: 'restored' });
        break;
      }
      case 'v': {
        const m = msgs.get(r.id);
        if (m) m.visibleAt = r.v;
        break;
      }
      case 'x':
        msgs.delete(r.id);
        break;
      case 'm': {
        const m = msgs.get(r.id);
        msgs.delete(r.id);
        if (m && q.dlq) of(q.dlq.def.name).set(m.messageId, { ...m, visibleAt: r.at, receiptHandle: undefined, sourceQueue: r.q });
        break;
      }
      case 'p':
        msgs.clear();
        break;
    }
  }
  let messages = 0;
  let released = 0;
  for (const [name, msgs] of live) {
    const q = queues.get(name)!;
    for (const m of msgs.values()) {
      // In flight when the stack ended: its consumer is gone, so it is visible again now.
      if (m.receiptHandle) {
        m.receiptHandle = undefined;
        if (m.visibleAt > now) m.visibleAt = now;
        released++;
      }
      q.messages.push(m);
      messages++;
    }
  }
  for (const [name, list] of dedupe) {
    const q = queues.get(name)!;
    list.sort((a, b) => a[1].until - b[1].until);
    for (const [k, e] of list) if (e.until > now) q.dedupe.set(k, e);
  }
  return { messages, released, unknownQueues: [...unknown] };
}

/** The records of the live state: what a compacted journal holds. */
export function* snapshot(queues: ReadonlyMap<string, StoredQueue>, now: number): Generator<QueueRecord> {
  for (const [name, q] of queues) {
    for (const [k, e] of q.dedupe) if (e.until > now) yield { t: 'k', q: name, k, id: e.messageId, ...(e.sequenceNumber ? { sq: e.sequenceNumber } : {}), u: e.until };
    for (const m of q.messages) yield { t: 'l', q: name, m: storedMsg(m) };
  }
}
