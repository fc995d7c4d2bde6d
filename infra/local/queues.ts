/**
 * Queues with SQS semantics, in process, built from functions' QUEUES:
 * - send: FIFO needs a MessageGroupId and dedupes on MessageDeduplicationId (or the body's
 *   SHA-256) for 5 minutes within its message group (the CDK's WorkerQueue sets
 *   `deduplicationScope: MESSAGE_GROUP`); standard queues take DelaySeconds (0-900), FIFO queues
 *   refuse it; bodies, ids and message attributes are checked the way SQS checks them;
 * - receive hides messages for the visibility timeout and counts receives; a message received
 *   maxReceives times without being deleted goes to `<name>-dlq` on its next receive;
 * - FIFO: a group with a message in flight is locked, messages of a group leave in order;
 * - delete needs the latest receipt handle (an older one is accepted and ignored, like SQS);
 * - pollers call each queue's handler with a real SQS event, at most `concurrency` batches at a
 *   time, and honour `{ batchItemFailures }` (a thrown error fails the whole batch).
 * Times are in SQS seconds; `secondMs` shrinks them for tests.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import type { QueueDef } from '@conversa/functions/adapters/queue-config';
import type { ResolveHandler } from './handler-resolver';
import { openJournal, readJournal, type Journal } from './journal';
import { lambdaContext } from './lambda-context';
import { errData, type Logger } from './log';
import { dedupeKey, replay, snapshot, storedMsg, type DedupeEntry, type Msg, type QueueRecord } from './queue-store';

/** An SQS message attribute (`DataType` String, Number or Binary, optionally with a `.label`). */
export type MessageAttribute = { dataType: string; stringValue?: string; binaryValue?: Uint8Array };
export type MessageAttributes = Record<string, MessageAttribute>;

export type SendOptions = { groupId?: string; dedupId?: string; delaySeconds?: number; attributes?: MessageAttributes };
export type SendResult = { messageId: string; sequenceNumber?: string; duplicate: boolean };

export type ReceivedMessage = {
  messageId: string;
  receiptHandle: string;
  body: string;
  receiveCount: number;
  groupId?: string;
  dedupId?: string;
  sequenceNumber?: string;
  sentAt: number;
  firstReceiveAt: number;
  attributes?: MessageAttributes;
  /** Set on the messages of a dead-letter queue: the queue they came from. */
  sourceQueue?: string;
};

export type DeadLetter = { messageId: string; body: string; receiveCount: number; groupId?: string; dedupId?: string; sentAt: number; sourceQueue: string; attributes?: MessageAttributes };

/** What a queue is: its definition, whether it is a dead-letter queue, and its partner queue. */
export type QueueInfo = { def: QueueDef; isDlq: boolean; dlqName?: string; createdAt: number };

export type QueueStats = { name: string; fifo: boolean; visible: number; inFlight: number; delayed: number; depth: number; dlqDepth: number };

export class QueueError extends Error {
  constructor(
    readonly code: 'QueueDoesNotExist' | 'InvalidParameterValue' | 'MissingParameter' | 'InvalidMessageContents',
    message: string,
  ) {
    super(message);
    this.name = code;
  }
}

type Queue = {
  def: QueueDef;
  /** In send order. */
  messages: Msg[];
  dedupe: Map<string, DedupeEntry>;
  dlq?: Queue;
  isDlq: boolean;
  createdAt: number;
};

const MAX_BODY_BYTES = 256 * 1024;
const MAX_ATTRIBUTES = 10;
/** Characters SQS accepts in a body or a string attribute: #x9 #xA #xD #x20-#xD7FF #xE000-#xFFFD #x10000-#x10FFFF. */
const BAD_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
/** MessageGroupId and MessageDeduplicationId: 1-128 of a-z A-Z 0-9 and ASCII punctuation. */
const ID_CHARS = /^[\x21-\x7e]{1,128}$/;
const ATTR_NAME = /^(?!\.)(?!.*\.\.)(?!.*\.$)(?!(aws|amazon)\.)[A-Za-z0-9_.-]{1,256}$/i;
const ATTR_TYPE = /^(String|Number|Binary)(\..{1,250})?$/;

function attributesSize(attrs: MessageAttributes | undefined): number {
  let n = 0;
  for (const [name, a] of Object.entries(attrs ?? {})) n += Buffer.byteLength(name) + Buffer.byteLength(a.dataType) + (a.binaryValue ? a.binaryValue.length : Buffer.byteLength(a.stringValue ?? ''));
  return n;
}

function checkAttributes(attrs: MessageAttributes | undefined): void {
  if (!attrs) return;
  const entries = Object.entries(attrs);
  if (entries.length > MAX_ATTRIBUTES) throw new QueueError('InvalidParameterValue', `Number of message attributes [${entries.length}] exceeds the allowed maximum [${MAX_ATTRIBUTES}].`);
  for (const [name, a] of entries) {
    if (!ATTR_NAME.test(name)) throw new QueueError('InvalidParameterValue', `Message attribute name '${name}' is invalid.`);
    if (!ATTR_TYPE.test(a.dataType ?? '')) throw new QueueError('InvalidParameterValue', `The type of message (user) attribute '${name}' is invalid. You must use only the following supported type prefixes: Binary, Number, String.`);
    if (a.dataType.startsWith('Binary')) {
      if (!a.binaryValue || !a.binaryValue.length) throw new QueueError('InvalidParameterValue', `Message (user) attribute '${name}' must contain a non-empty value of message attribute type '${a.dataType}'.`);
    } else {
      if (!a.stringValue) throw new QueueError('InvalidParameterValue', `Message (user) attribute '${name}' must contain a non-empty value of message attribute type '${a.dataType}'.`);
      if (BAD_CHAR.test(a.stringValue)) throw new QueueError('InvalidMessageContents', `Message (user) attribute '${name}' contains characters outside the allowed set.`);
      if (a.dataType.startsWith('Number') && !Number.isFinite(Number(a.stringValue))) throw new QueueError('InvalidParameterValue', `Can't cast the value of message (user) attribute '${name}' to a number.`);
    }
  }
}
const DEDUPE_WINDOW_S = 300;
const REGION = 'us-east-1';
const ACCOUNT = '000000000000';

export const queueArn = (name: string) => `arn:aws:sqs:${REGION}:${ACCOUNT}:${name}`;

export type LocalQueuesOptions = {
  /** Milliseconds per SQS second (default 1000; tests use small values). */
  secondMs?: number;
  resolve?: ResolveHandler;
  log?: Logger;
  /** Batches in flight per queue at once (default 4). */
  concurrency?: number;
  /**
   * A journal file (journal.ts, queue-store.ts) that keeps the queues across restarts and kills:
   * read and compacted here, appended to on every change. Without it the queues live in memory.
   */
  journal?: string;
  /** Queues of their own with no consumer and no dead-letter queue (the stream consumers' on-failure destinations). */
  failureQueues?: readonly string[];
  /**
   * The pollers take nothing while this answers true (DynamoDB Local restarting): a handler run
   * then could only fail, and each failure would count a receive towards the dead-letter queue.
   */
  hold?: () => boolean;
  /**
   * A fault for tests: the share (0..1) of the messages sent to a named queue that are delivered
   * twice — a second copy with its own message id, past the FIFO deduplication (SQS's
   * at-least-once delivery, or a FIFO message whose visibility ran out while it was worked on).
   */
  duplicate?: Readonly<Record<string, number>>;
  /** Milliseconds per SQS second for some queues (delays, visibility), instead of `secondMs`: a test compresses one queue's clock only. */
  secondMsByQueue?: Readonly<Record<string, number>>;
};

/** The journal is compacted once it has grown by this much and by 4× its compacted size. */
const COMPACT_AFTER_BYTES = 16 * 1024 * 1024;

export class LocalQueues {
  private readonly queues = new Map<string, Queue>();
  /** Milliseconds per SQS second. */
  readonly secondMs: number;
  private seq = 0;
  private readonly listeners = new Set<(name: string) => void>();
  private pollers: QueuePoller[] = [];
  /** Per queue, the batches its poller handed to the handler and their messages (each batch: one receive, one batch delete and one invocation on AWS). */
  readonly polled = new Map<string, { batches: number; messages: number }>();
  private readonly journal?: Journal;
  private closed = false;

  constructor(
    defs: readonly QueueDef[],
    private readonly opts: LocalQueuesOptions = {},
  ) {
    this.secondMs = opts.secondMs ?? 1000;
    for (const def of defs) {
      if (this.queues.has(def.name)) throw new Error(`queue ${def.name} defined twice`);
      const dlqDef: QueueDef = { name: `${def.name}-dlq`, fifo: def.fifo, visibilityTimeout: def.visibilityTimeout, maxReceives: Number.POSITIVE_INFINITY, batchSize: def.batchSize };
      const createdAt = Date.now();
      const dlq: Queue = { def: dlqDef, messages: [], dedupe: new Map(), isDlq: true, createdAt };
      this.queues.set(def.name, { def, messages: [], dedupe: new Map(), dlq, isDlq: false, createdAt });
      this.queues.set(dlqDef.name, dlq);
    }
    for (const name of opts.failureQueues ?? []) {
      if (this.queues.has(name)) throw new Error(`queue ${name} defined twice`);
      const def: QueueDef = { name, fifo: false, visibilityTimeout: 30, maxReceives: Number.POSITIVE_INFINITY, batchSize: 10 };
      this.queues.set(name, { def, messages: [], dedupe: new Map(), isDlq: true, createdAt: Date.now() });
    }
    if (opts.journal) this.journal = this.restore(opts.journal);
  }

  /** Reads the journal a previous run left, then starts a compacted one holding the live state. */
  private restore(file: string): Journal {
    const t0 = Date.now();
    const { records, torn } = readJournal(file);
    const now = Date.now();
    const restored = replay(records, this.queues, now, this.ms(DEDUPE_WINDOW_S));
    for (const q of this.queues.values()) for (const m of q.messages) if (m.sequenceNumber) this.seq = Math.max(this.seq, Number(m.sequenceNumber));
    const journal = openJournal(file);
    journal.rewrite(snapshot(this.queues, now));
    if (restored.messages || torn || restored.unknownQueues.length) {
      this.opts.log?.info('queues restored', { messages: restored.messages, wereInFlight: restored.released, records: records.length, tornTail: torn, ms: Date.now() - t0, ...(restored.unknownQueues.length ? { unknownQueues: restored.unknownQueues } : {}) });
    }
    return journal;
  }

  /** Appends one change to the journal; compacts it once it has grown enough. */
  private record(r: QueueRecord): void {
    const j = this.journal;
    // Closed: a batch that outlived the stop may still delete; that delete is lost, and the message
    // comes again after the next start (at least once).
    if (!j || this.closed) return;
    j.append(r);
    if (j.grown() > COMPACT_AFTER_BYTES && j.grown() > 4 * j.base()) j.rewrite(snapshot(this.queues, Date.now()));
  }

  /**
   * Resolves once every change so far is on disk (fsynced): what a sender waits for before it
   * is told its message was accepted. Immediate without a journal.
   */
  durable(): Promise<void> {
    return this.journal?.sync() ?? Promise.resolve();
  }

  names(): string[] {
    return [...this.queues.values()].filter((q) => !q.isDlq).map((q) => q.def.name);
  }

  has(name: string): boolean {
    return this.queues.has(name);
  }

  info(name: string): QueueInfo {
    const q = this.q(name);
    return { def: q.def, isDlq: q.isDlq, createdAt: q.createdAt, ...(q.dlq ? { dlqName: q.dlq.def.name } : {}) };
  }

  private q(name: string): Queue {
    const q = this.queues.get(name);
    if (!q) throw new QueueError('QueueDoesNotExist', `The specified queue does not exist: ${name}`);
    return q;
  }

  private ms(seconds: number, queue?: string): number {
    return seconds * ((queue !== undefined ? this.opts.secondMsByQueue?.[queue.replace(/-dlq$/, '')] : undefined) ?? this.secondMs);
  }

  /** Strictly increasing, 20 digits like SQS's. */
  private nextSequence(): string {
    this.seq = Math.max(this.seq + 1, Date.now() * 1000);
    return String(this.seq).padStart(20, '0');
  }

  send(name: string, body: string | object, opts: SendOptions = {}): SendResult {
    if (this.closed) throw new Error('the queues are closed: the stack has stopped');
    const q = this.q(name);
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    if (!text.length) throw new QueueError('MissingParameter', 'The request must contain the parameter MessageBody.');
    if (BAD_CHAR.test(text)) throw new QueueError('InvalidMessageContents', 'Invalid characters found. Valid unicode characters are #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF');
    checkAttributes(opts.attributes);
    if (Buffer.byteLength(text) + attributesSize(opts.attributes) > MAX_BODY_BYTES) throw new QueueError('InvalidParameterValue', `One or more parameters are invalid. Reason: Message must be shorter than ${MAX_BODY_BYTES} bytes.`);
    const now = Date.now();
    const msg: Msg = { messageId: randomUUID(), body: text, sentAt: now, visibleAt: now, receiveCount: 0 };
    if (opts.attributes && Object.keys(opts.attributes).length) msg.attributes = opts.attributes;
    if (q.def.fifo) {
      if (!opts.groupId) throw new QueueError('MissingParameter', 'The request must contain the parameter MessageGroupId.');
      if (!ID_CHARS.test(opts.groupId)) throw new QueueError('InvalidParameterValue', `Value ${opts.groupId} for parameter MessageGroupId is invalid. Reason: MessageGroupId can only include alphanumeric and punctuation characters. 1 to 128 in length.`);
      if (opts.dedupId !== undefined && !ID_CHARS.test(opts.dedupId)) throw new QueueError('InvalidParameterValue', `Value ${opts.dedupId} for parameter MessageDeduplicationId is invalid. Reason: MessageDeduplicationId can only include alphanumeric and punctuation characters. 1 to 128 in length.`);
      if (opts.delaySeconds) throw new QueueError('InvalidParameterValue', 'Value for parameter DelaySeconds is invalid. Reason: FIFO queues do not support per-message delays.');
      const dedupId = opts.dedupId ?? createHash('sha256').update(text).digest('hex');
      // Entries expire in the order they were made (one window for all): drop the expired head only.
      for (const [k, v] of q.dedupe) {
        if (v.until > now) break;
        q.dedupe.delete(k);
      }
      // Deduplication scope: the message group (as the deployed queues are configured).
      const key = dedupeKey(opts.groupId, dedupId);
      const seen = q.dedupe.get(key);
      if (seen) return { messageId: seen.messageId, ...(seen.sequenceNumber ? { sequenceNumber: seen.sequenceNumber } : {}), duplicate: true };
      msg.groupId = opts.groupId;
      msg.dedupId = dedupId;
      msg.sequenceNumber = this.nextSequence();
      q.dedupe.set(key, { messageId: msg.messageId, sequenceNumber: msg.sequenceNumber, until: now + this.ms(DEDUPE_WINDOW_S) });
    } else {
      const delay = opts.delaySeconds ?? 0;
      if (!(delay >= 0 && delay <= 900)) throw new QueueError('InvalidParameterValue', 'DelaySeconds must be between 0 and 900.');
      msg.visibleAt = now + this.ms(delay, name);
    }
    q.messages.push(msg);
    this.record({ t: 's', q: name, m: storedMsg(msg) });
    if (Math.random() < (this.opts.duplicate?.[name] ?? 0)) {
      const twin: Msg = { ...msg, messageId: randomUUID(), ...(msg.sequenceNumber ? { sequenceNumber: this.nextSequence() } : {}) };
      q.messages.push(twin);
      this.record({ t: 's', q: name, m: storedMsg(twin) });
    }
    this.notify(name);
    return { messageId: msg.messageId, ...(msg.sequenceNumber ? { sequenceNumber: msg.sequenceNumber } : {}), duplicate: false };
  }

  /** Moves a message that was already received maxReceives times to the dead-letter queue. */
  private toDlq(q: Queue, m: Msg): void {
    q.messages.splice(q.messages.indexOf(m), 1);
    const at = Date.now();
    this.record({ t: 'm', q: q.def.name, id: m.messageId, at });
    if (!q.dlq) return;
    q.dlq.messages.push({ ...m, visibleAt: at, receiptHandle: undefined, sourceQueue: q.def.name });
    this.notify(q.dlq.def.name);
  }

  receive(name: string, opts: { max?: number; visibilityTimeout?: number } = {}): ReceivedMessage[] {
    const q = this.q(name);
    const max = Math.max(1, Math.min(opts.max ?? 1, 10_000));
    const vt = this.ms(opts.visibilityTimeout ?? q.def.visibilityTimeout, name);
    const now = Date.now();
    const picked: Msg[] = [];
    const eligible = (m: Msg): boolean => {
      if (m.receiveCount >= q.def.maxReceives) {
        this.toDlq(q, m);
        return false;
      }
      return true;
    };
    if (!q.def.fifo) {
      for (const m of [...q.messages]) {
        if (picked.length >= max) break;
        if (m.visibleAt <= now && eligible(m)) picked.push(m);
      }
    } else {
      const locked = new Set<string>();
      for (const m of q.messages) if (m.receiptHandle && m.visibleAt > now) locked.add(m.groupId!);
      const groups = new Map<string, Msg[]>();
      for (const m of q.messages) {
        if (locked.has(m.groupId!)) continue;
        const g = groups.get(m.groupId!) ?? [];
        g.push(m);
        groups.set(m.groupId!, g);
      }
      for (const msgs of groups.values()) {
        for (const m of msgs) {
          if (picked.length >= max) break;
          if (m.visibleAt > now) break;
          if (eligible(m)) picked.push(m);
        }
        if (picked.length >= max) break;
      }
    }
    return picked.map((m) => {
      m.receiveCount += 1;
      m.firstReceiveAt ??= now;
      m.receiptHandle = `${m.messageId}#${randomUUID()}`;
      m.visibleAt = now + vt;
      this.record({ t: 'r', q: name, id: m.messageId, n: m.receiveCount, f: m.firstReceiveAt, v: m.visibleAt });
      return {
        messageId: m.messageId,
        receiptHandle: m.receiptHandle,
        body: m.body,
        receiveCount: m.receiveCount,
        sentAt: m.sentAt,
        firstReceiveAt: m.firstReceiveAt,
        ...(m.groupId ? { groupId: m.groupId } : {}),
        ...(m.dedupId ? { dedupId: m.dedupId } : {}),
        ...(m.sequenceNumber ? { sequenceNumber: m.sequenceNumber } : {}),
        ...(m.attributes ? { attributes: m.attributes } : {}),
        ...(m.sourceQueue ? { sourceQueue: m.sourceQueue } : {}),
      };
    });
  }

  /** True when the message was deleted (false for an unknown or outdated receipt handle). */
  delete(name: string, receiptHandle: string): boolean {
    const q = this.q(name);
    const i = q.messages.findIndex((m) => m.receiptHandle === receiptHandle);
    if (i < 0) return false;
    const [m] = q.messages.splice(i, 1);
    this.record({ t: 'x', q: name, id: m!.messageId });
    this.notify(name);
    return true;
  }

  /** Where the message of a receipt handle stands: hidden after a receive, visible again, or gone/outdated. */
  visibility(name: string, receiptHandle: string): 'in-flight' | 'visible' | 'unknown' {
    const m = this.q(name).messages.find((x) => x.receiptHandle === receiptHandle);
    if (!m) return 'unknown';
    return m.visibleAt > Date.now() ? 'in-flight' : 'visible';
  }

  changeVisibility(name: string, receiptHandle: string, seconds: number): boolean {
    const m = this.q(name).messages.find((x) => x.receiptHandle === receiptHandle);
    if (!m) return false;
    m.visibleAt = Date.now() + this.ms(seconds, name);
    this.record({ t: 'v', q: name, id: m.messageId, v: m.visibleAt });
    if (seconds === 0) this.notify(name);
    return true;
  }

  /** Messages not yet deleted (visible, in flight and delayed). */
  depth(name: string): number {
    return this.q(name).messages.length;
  }

  stats(name: string): QueueStats {
    const q = this.q(name);
    const now = Date.now();
    const inFlight = q.messages.filter((m) => m.receiptHandle && m.visibleAt > now).length;
    const delayed = q.messages.filter((m) => !m.receiptHandle && m.visibleAt > now).length;
    return { name, fifo: q.def.fifo, visible: q.messages.length - inFlight - delayed, inFlight, delayed, depth: q.messages.length, dlqDepth: q.dlq?.messages.length ?? 0 };
  }

  /** The dead-letter queue's messages of a queue (`name` or `name-dlq`). */
  dlq(name: string): DeadLetter[] {
    const q = this.q(name);
    const d = q.isDlq ? q : q.dlq!;
    return d.messages.map((m) => ({
      messageId: m.messageId,
      body: m.body,
      receiveCount: m.receiveCount,
      sentAt: m.sentAt,
      sourceQueue: m.sourceQueue ?? '',
      ...(m.groupId ? { groupId: m.groupId } : {}),
      ...(m.dedupId ? { dedupId: m.dedupId } : {}),
      ...(m.attributes ? { attributes: m.attributes } : {}),
    }));
  }

  purge(name: string): void {
    this.q(name).messages.length = 0;
    this.record({ t: 'p', q: name });
  }

  /** When the next hidden message of a queue becomes visible (ms epoch), if any. */
  nextVisibleAt(name: string): number | undefined {
    const now = Date.now();
    let next: number | undefined;
    for (const m of this.q(name).messages) if (m.visibleAt > now && (next === undefined || m.visibleAt < next)) next = m.visibleAt;
    return next;
  }

  onChange(listener: (name: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(name: string): void {
    for (const l of this.listeners) l(name);
  }

  /** Starts a poller for every queue with a handler. */
  start(): void {
    if (this.pollers.length) return;
    const resolve = this.opts.resolve;
    if (!resolve) throw new Error('LocalQueues.start() needs a handler resolver');
    for (const q of this.queues.values()) {
      if (q.isDlq || !q.def.handler) continue;
      const poller = new QueuePoller(this, q.def, resolve, this.opts.log, this.opts.concurrency ?? 4, this.ms(q.def.visibilityTimeout, q.def.name), this.opts.hold);
      this.pollers.push(poller);
      poller.start();
    }
  }

  /** Stops polling and waits for the batches in flight (up to `timeoutMs`). */
  async stop(timeoutMs = 10_000): Promise<void> {
    const pollers = this.pollers;
    this.pollers = [];
    await Promise.race([Promise.all(pollers.map((p) => p.stop())), new Promise((r) => setTimeout(r, timeoutMs))]);
  }

  /** After stop() and once nobody sends any more: the journal fsynced and closed. */
  async close(): Promise<void> {
    await this.stop();
    this.closed = true;
    await this.journal?.close();
  }
}

/** SQS's MD5 over the message attributes (sorted by name; lengths big-endian 4 bytes; 1 = string, 2 = binary). */
export function md5OfMessageAttributes(attrs: MessageAttributes): string {
  const hash = createHash('md5');
  const withLength = (b: Uint8Array) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(b.length);
    hash.update(len);
    hash.update(b);
  };
  for (const name of Object.keys(attrs).sort()) {
    const a = attrs[name]!;
    withLength(Buffer.from(name, 'utf8'));
    withLength(Buffer.from(a.dataType, 'utf8'));
    if (a.binaryValue !== undefined) {
      hash.update(Buffer.from([2]));
      withLength(a.binaryValue);
    } else {
      hash.update(Buffer.from([1]));
      withLength(Buffer.from(a.stringValue ?? '', 'utf8'));
    }
  }
  return hash.digest('hex');
}

export function sqsRecord(queue: QueueDef, m: ReceivedMessage): SQSRecord {
  return {
    messageId: m.messageId,
    receiptHandle: m.receiptHandle,
    body: m.body,
    attributes: {
      ApproximateReceiveCount: String(m.receiveCount),
      SentTimestamp: String(m.sentAt),
      SenderId: 'AIDALOCALSENDER',
      ApproximateFirstReceiveTimestamp: String(m.firstReceiveAt),
      ...(m.sequenceNumber ? { SequenceNumber: m.sequenceNumber } : {}),
      ...(m.groupId ? { MessageGroupId: m.groupId } : {}),
      ...(m.dedupId ? { MessageDeduplicationId: m.dedupId } : {}),
    },
    messageAttributes: Object.fromEntries(
      Object.entries(m.attributes ?? {}).map(([k, a]) => [
        k,
        {
          dataType: a.dataType,
          ...(a.stringValue !== undefined ? { stringValue: a.stringValue } : {}),
          ...(a.binaryValue !== undefined ? { binaryValue: Buffer.from(a.binaryValue).toString('base64') } : {}),
          stringListValues: [],
          binaryListValues: [],
        },
      ]),
    ),
    ...(m.attributes ? { md5OfMessageAttributes: md5OfMessageAttributes(m.attributes) } : {}),
    md5OfBody: createHash('md5').update(m.body).digest('hex'),
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn(queue.name),
    awsRegion: REGION,
  };
}

/** Which messages of a batch failed, per the handler's result (Lambda's ReportBatchItemFailures rules). */
export function failedIds(batch: readonly ReceivedMessage[], result: unknown): Set<string> {
  const all = new Set(batch.map((m) => m.messageId));
  if (!result || typeof result !== 'object' || !('batchItemFailures' in result)) return new Set();
  const failures = (result as { batchItemFailures?: unknown }).batchItemFailures;
  if (failures === null || failures === undefined) return new Set();
  if (!Array.isArray(failures)) return all;
  const out = new Set<string>();
  for (const f of failures) {
    const id = (f as { itemIdentifier?: unknown } | null)?.itemIdentifier;
    // An empty or unknown identifier makes Lambda treat the whole batch as failed.
    if (typeof id !== 'string' || !all.has(id)) return all;
    out.add(id);
  }
  return out;
}

/** The Lambda event source mapping of one queue. */
class QueuePoller {
  private running = false;
  private active = 0;
  private readonly batches = new Set<Promise<void>>();
  private timer?: NodeJS.Timeout;
  private safety?: NodeJS.Timeout;
  private unsubscribe?: () => void;
  private missingLogged = false;

  constructor(
    private readonly queues: LocalQueues,
    private readonly def: QueueDef,
    private readonly resolve: ResolveHandler,
    private readonly log: Logger | undefined,
    private readonly concurrency: number,
    private readonly timeoutMs: number,
    private readonly hold?: () => boolean,
  ) {}

  start(): void {
    this.running = true;
    this.unsubscribe = this.queues.onChange((name) => {
      if (name === this.def.name) this.wake();
    });
    this.safety = setInterval(() => this.wake(), 1000);
    this.safety.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    clearTimeout(this.timer);
    clearInterval(this.safety);
    await Promise.allSettled([...this.batches]);
  }

  private wakeQueued = false;
  private wake(): void {
    if (!this.running || this.wakeQueued) return;
    this.wakeQueued = true;
    setImmediate(() => {
      this.wakeQueued = false;
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    // Held: the safety interval wakes the poller again within a second.
    if (!this.running || this.hold?.()) return;
    const handler = await this.resolve(this.def.handler!).catch((err: unknown) => {
      this.log?.error('queue handler failed to load', { queue: this.def.name, err: errData(err) });
      return undefined;
    });
    if (!handler) {
      if (!this.missingLogged) this.log?.warn('queue handler missing; messages wait', { queue: this.def.name, handler: this.def.handler });
      this.missingLogged = true;
      return;
    }
    this.missingLogged = false;
    while (this.running && this.active < this.concurrency) {
      const batch = this.queues.receive(this.def.name, { max: this.def.batchSize });
      if (!batch.length) break;
      this.active += 1;
      const run = this.runBatch(handler, batch).finally(() => {
        this.active -= 1;
        this.batches.delete(run);
        this.wake();
      });
      this.batches.add(run);
    }
    this.scheduleNext();
  }

  private scheduleNext(): void {
    clearTimeout(this.timer);
    if (!this.running) return;
    const next = this.queues.nextVisibleAt(this.def.name);
    if (next === undefined) return;
    this.timer = setTimeout(() => this.wake(), Math.max(0, next - Date.now()) + 1);
    this.timer.unref();
  }

  private async runBatch(handler: (e: SQSEvent, c: unknown) => unknown, batch: ReceivedMessage[]): Promise<void> {
    const event: SQSEvent = { Records: batch.map((m) => sqsRecord(this.def, m)) };
    const polled = this.queues.polled.get(this.def.name) ?? { batches: 0, messages: 0 };
    polled.batches += 1;
    polled.messages += batch.length;
    this.queues.polled.set(this.def.name, polled);
    let failed: Set<string>;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`handler timed out after ${this.timeoutMs} ms`)), this.timeoutMs);
      });
      const result = await Promise.race([Promise.resolve(handler(event, lambdaContext(`worker-${this.def.name}`, this.timeoutMs))), timeout]);
      failed = failedIds(batch, result);
    } catch (err) {
      this.log?.error('queue handler threw; batch will be retried', { queue: this.def.name, messages: batch.length, err: errData(err) });
      failed = new Set(batch.map((m) => m.messageId));
    } finally {
      clearTimeout(timer);
    }
    if (this.def.fifo && failed.size && failed.size < batch.length) {
      const failedGroups = new Set(batch.filter((m) => failed.has(m.messageId)).map((m) => m.groupId));
      const after = batch.find((m, i) => !failed.has(m.messageId) && batch.slice(0, i).some((p) => failed.has(p.messageId) && p.groupId === m.groupId));
      if (after && failedGroups.size) this.log?.warn('FIFO batch reported success after a failure in the same group; order may break', { queue: this.def.name, messageId: after.messageId });
    }
    for (const m of batch) if (!failed.has(m.messageId)) this.queues.delete(this.def.name, m.receiptHandle);
  }
}

/** The running stack's queues, for the local SQS adapter (also on globalThis for code outside infra). */
let current: LocalQueues | undefined;
const GLOBAL_KEY = Symbol.for('conversa.localQueues');

export function setCurrentQueues(q: LocalQueues | undefined): void {
  current = q;
  (globalThis as Record<symbol, unknown>)[GLOBAL_KEY] = q;
}

function need(): LocalQueues {
  if (!current) throw new Error('no local stack is running (localQueues is available after startStack)');
  return current;
}

export const localQueues = {
  send: (name: string, body: string | object, opts?: SendOptions): SendResult => need().send(name, body, opts),
  depth: (name: string): number => need().depth(name),
  dlq: (name: string): DeadLetter[] => need().dlq(name),
  stats: (name: string): QueueStats => need().stats(name),
};
