/**
 * The SQS JSON protocol (AWS JSON 1.0, what `@aws-sdk/client-sqs` v3 speaks) over the local queues:
 * `POST` with `X-Amz-Target: AmazonSQS.<Action>` and a JSON body, on `/_sqs` (the endpoint the
 * stack hands out) or on `/` (a client without `endpoint` follows the QueueUrl's origin).
 *
 * Queue URLs are `<endpoint>/<queueName>` (`http://127.0.0.1:<port>/_sqs/<name>`); any URL whose
 * last path segment names a local queue is accepted. Errors are what SQS answers:
 * `{"__type": "com.amazonaws.sqs#QueueDoesNotExist", "message"}` with
 * `x-amzn-query-error: AWS.SimpleQueueService.NonExistentQueue;Sender`, which the SDK turns into
 * its modelled exceptions. Times (visibility, long polls) are in SQS seconds, scaled by the
 * queues' `secondMs` like everything else.
 *
 * Like the deployed queues (infra/lib/constructs/worker-queue.ts), FIFO queues have no
 * content-based deduplication: a SendMessage to a FIFO queue needs a MessageDeduplicationId.
 * The in-process API (`LocalQueues.send`) stays lenient and dedupes on the body's hash.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { md5OfMessageAttributes, queueArn, QueueError, type LocalQueues, type MessageAttributes, type ReceivedMessage, type SendResult } from './queues';
import { readBody } from './read-body';

type Json = Record<string, unknown>;

export class SqsError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    /** The awsQuery error code the SDK maps back to its exception (x-amzn-query-error). */
    readonly queryCode = code,
    readonly fault: 'Sender' | 'Receiver' = 'Sender',
  ) {
    super(message);
  }
}

/** The modelled errors: query code and status (from the SDK's error schemas). */
const MODELLED: Record<string, [string, number]> = {
  QueueDoesNotExist: ['AWS.SimpleQueueService.NonExistentQueue', 400],
  ReceiptHandleIsInvalid: ['ReceiptHandleIsInvalid', 404],
  MessageNotInflight: ['AWS.SimpleQueueService.MessageNotInflight', 400],
  TooManyEntriesInBatchRequest: ['AWS.SimpleQueueService.TooManyEntriesInBatchRequest', 400],
  EmptyBatchRequest: ['AWS.SimpleQueueService.EmptyBatchRequest', 400],
  BatchEntryIdsNotDistinct: ['AWS.SimpleQueueService.BatchEntryIdsNotDistinct', 400],
  InvalidBatchEntryId: ['AWS.SimpleQueueService.InvalidBatchEntryId', 400],
  BatchRequestTooLong: ['AWS.SimpleQueueService.BatchRequestTooLong', 400],
  UnsupportedOperation: ['AWS.SimpleQueueService.UnsupportedOperation', 400],
  InvalidAttributeName: ['InvalidAttributeName', 400],
  InvalidMessageContents: ['InvalidMessageContents', 400],
  InvalidAddress: ['InvalidAddress', 404],
};

function sqsError(code: string, message: string): SqsError {
  const m = MODELLED[code];
  return m ? new SqsError(code, message, m[1], m[0]) : new SqsError(code, message);
}

const invalid = (message: string) => sqsError('InvalidParameterValue', message);
const missing = (name: string) => sqsError('MissingParameter', `The request must contain the parameter ${name}.`);

function fromQueueError(err: QueueError): SqsError {
  return sqsError(err.code, err.message);
}

export type SqsJsonOptions = {
  /** Base of the queue URLs handed out (`http://127.0.0.1:<port>/_sqs`); default from the Host header. */
  endpoint?: string;
};

/** True when a request is an SQS JSON call (the app server routes these here from any path). */
export function isSqsJsonRequest(req: IncomingMessage): boolean {
  const target = req.headers['x-amz-target'];
  return typeof target === 'string' && target.startsWith('AmazonSQS.');
}

function send(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  if (res.destroyed || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': String(Buffer.byteLength(text)),
    'x-amzn-requestid': randomUUID(),
    ...extra,
  });
  res.end(text);
}

function sendError(res: ServerResponse, err: SqsError): void {
  send(res, err.status, { __type: `com.amazonaws.sqs#${err.code}`, message: err.message }, { 'x-amzn-query-error': `${err.queryCode};${err.fault}` });
}

/** Requests answered per action and queue (`SendMessageBatch inbound`): what the benchmarks count as SQS requests of other processes. */
export const sqsRequestCounts = new Map<string, number>();

export async function handleSqsJson(queues: LocalQueues, req: IncomingMessage, res: ServerResponse, opts: SqsJsonOptions = {}): Promise<void> {
  const action = String(req.headers['x-amz-target'] ?? '').slice('AmazonSQS.'.length);
  if ((req.method ?? 'GET') !== 'POST') {
    req.resume();
    return sendError(res, sqsError('UnsupportedOperation', 'SQS JSON calls are POST requests.'));
  }
  const body = await readBody(req, 2 * 1024 * 1024);
  if (!body.ok) {
    if (body.reason === 'too-large') return sendError(res, invalid('The request is too large.'));
    return void res.destroy();
  }
  let input: Json;
  try {
    const text = body.body.toString('utf8').trim();
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    input = parsed as Json;
  } catch {
    return send(res, 400, { __type: 'com.amazon.coral.service#SerializationException', message: 'The request body is not a JSON object.' });
  }
  const op = ACTIONS[action];
  if (!op) return sendError(res, sqsError('UnsupportedOperation', `The local queues do not support the action ${action || '(none)'}.`));
  const endpoint = (opts.endpoint ?? `http://${req.headers.host ?? '127.0.0.1'}/_sqs`).replace(/\/+$/, '');
  // A long poll ends early when the client goes away, so no message is hidden for nobody.
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableEnded) gone.abort();
  });
  try {
    const out = await op({ queues, input, endpoint, signal: gone.signal });
    const counted = `${action} ${String(input.QueueUrl ?? '').split('/').pop()}`;
    sqsRequestCounts.set(counted, (sqsRequestCounts.get(counted) ?? 0) + 1);
    // A sent message is acknowledged only once it is on disk (a journal's fsync, shared by the sends meanwhile).
    if (SENDS.has(action)) await queues.durable();
    send(res, 200, out);
  } catch (err) {
    if (err instanceof SqsError) return sendError(res, err);
    if (err instanceof QueueError) return sendError(res, fromQueueError(err));
    throw err;
  }
}

const SENDS = new Set(['SendMessage', 'SendMessageBatch']);

type Ctx = { queues: LocalQueues; input: Json; endpoint: string; signal: AbortSignal };
type Action = (ctx: Ctx) => Promise<Json> | Json;

// ---- input helpers ----------------------------------------------------------------------------

function str(input: Json, key: string, required: true): string;
function str(input: Json, key: string, required?: false): string | undefined;
function str(input: Json, key: string, required = false): string | undefined {
  const v = input[key];
  if (v === undefined || v === null) {
    if (required) throw missing(key);
    return undefined;
  }
  if (typeof v !== 'string') throw invalid(`Value for parameter ${key} is invalid. Reason: it must be a string.`);
  return v;
}

function int(input: Json, key: string, min: number, max: number, reason?: string): number | undefined {
  const v = input[key];
  if (v === undefined || v === null) return undefined;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw invalid(`Value ${JSON.stringify(v)} for parameter ${key} is invalid. Reason: ${reason ?? `Must be between ${min} and ${max}`}.`);
  }
  return n;
}

function list(input: Json, key: string): unknown[] | undefined {
  const v = input[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw invalid(`Value for parameter ${key} is invalid. Reason: it must be a list.`);
  return v;
}

function strings(input: Json, key: string): string[] {
  return (list(input, key) ?? []).map((x) => {
    if (typeof x !== 'string') throw invalid(`Value for parameter ${key} is invalid. Reason: it must be a list of strings.`);
    return x;
  });
}

/** The queue a QueueUrl names: its last path segment. */
function queueOf(ctx: Ctx, input: Json = ctx.input): string {
  const url = str(input, 'QueueUrl', true);
  let name: string | undefined;
  try {
    const u = new URL(url);
    name = decodeURIComponent(u.pathname.split('/').filter(Boolean).at(-1) ?? '');
  } catch {
    name = undefined;
  }
  if (!name || !ctx.queues.has(name)) throw sqsError('QueueDoesNotExist', 'The specified queue does not exist.');
  return name;
}

const queueUrl = (endpoint: string, name: string) => `${endpoint}/${encodeURIComponent(name)}`;

function parseAttributes(raw: unknown, where: string): MessageAttributes | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalid(`Value for parameter ${where} is invalid.`);
  const out: MessageAttributes = {};
  for (const [name, v] of Object.entries(raw as Json)) {
    const a = (v ?? {}) as Json;
    const dataType = typeof a.DataType === 'string' ? a.DataType : '';
    if (!dataType) throw sqsError('InvalidParameterValue', `The message attribute '${name}' must contain non-empty message attribute type.`);
    if ((Array.isArray(a.StringListValues) && a.StringListValues.length) || (Array.isArray(a.BinaryListValues) && a.BinaryListValues.length)) {
      throw invalid(`Message attribute list values in SendMessage operation are not supported (attribute '${name}').`);
    }
    out[name] = {
      dataType,
      ...(typeof a.StringValue === 'string' ? { stringValue: a.StringValue } : {}),
      ...(typeof a.BinaryValue === 'string' ? { binaryValue: Buffer.from(a.BinaryValue, 'base64') } : {}),
    };
  }
  return out;
}

function attributesJson(attrs: MessageAttributes): Json {
  const out: Json = {};
  for (const [k, a] of Object.entries(attrs)) {
    out[k] = { DataType: a.dataType, ...(a.stringValue !== undefined ? { StringValue: a.stringValue } : {}), ...(a.binaryValue !== undefined ? { BinaryValue: Buffer.from(a.binaryValue).toString('base64') } : {}) };
  }
  return out;
}

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/** One SendMessage (or batch entry): validation as SQS does it for the queue's type. */
function sendOne(ctx: Ctx, name: string, e: Json): Json {
  const info = ctx.queues.info(name);
  const body = str(e, 'MessageBody');
  if (body === undefined || body === '') throw missing('MessageBody');
  const groupId = str(e, 'MessageGroupId');
  const dedupId = str(e, 'MessageDeduplicationId');
  const delaySeconds = int(e, 'DelaySeconds', 0, 900);
  const attributes = parseAttributes(e.MessageAttributes, 'MessageAttributes');
  if (info.def.fifo) {
    if (dedupId === undefined) {
      throw invalid('The queue should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly');
    }
    if (delaySeconds !== undefined) {
      throw invalid(`Value ${delaySeconds} for parameter DelaySeconds is invalid. Reason: The request include parameter that is not valid for this queue type.`);
    }
  } else if (dedupId !== undefined) {
    throw invalid('Value for parameter MessageDeduplicationId is invalid. Reason: The request include parameter that is not valid for this queue type.');
  }
  let sent: SendResult;
  try {
    sent = ctx.queues.send(name, body, {
      ...(groupId !== undefined ? { groupId } : {}),
      ...(dedupId !== undefined ? { dedupId } : {}),
      ...(delaySeconds !== undefined ? { delaySeconds } : {}),
      ...(attributes ? { attributes } : {}),
    });
  } catch (err) {
    if (err instanceof QueueError) throw fromQueueError(err);
    throw err;
  }
  return {
    MessageId: sent.messageId,
    MD5OfMessageBody: md5(body),
    ...(attributes && Object.keys(attributes).length ? { MD5OfMessageAttributes: md5OfMessageAttributes(attributes) } : {}),
    ...(sent.sequenceNumber ? { SequenceNumber: sent.sequenceNumber } : {}),
  };
}

const BATCH_ID = /^[A-Za-z0-9_-]{1,80}$/;

/** The batch rules shared by the *Batch actions; answers each entry on its own. */
function batch(ctx: Ctx, entryType: string, perEntry: (e: Json) => Json, opts: { maxBytes?: number } = {}): Json {
  const entries = list(ctx.input, 'Entries');
  if (!entries || entries.length === 0) throw sqsError('EmptyBatchRequest', `There should be at least one ${entryType} in the request.`);
  if (entries.length > 10) throw sqsError('TooManyEntriesInBatchRequest', `Maximum number of entries per request are 10. You have sent ${entries.length}.`);
  const ids = new Set<string>();
  let bytes = 0;
  for (const raw of entries) {
    const e = (raw ?? {}) as Json;
    const id = typeof e.Id === 'string' ? e.Id : '';
    if (!BATCH_ID.test(id)) throw sqsError('InvalidBatchEntryId', 'A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.');
    if (ids.has(id)) throw sqsError('BatchEntryIdsNotDistinct', `Id ${id} repeated.`);
    ids.add(id);
    if (typeof e.MessageBody === 'string') bytes += Buffer.byteLength(e.MessageBody);
  }
  if (opts.maxBytes && bytes > opts.maxBytes) throw sqsError('BatchRequestTooLong', `Batch requests cannot be longer than ${opts.maxBytes} bytes. You have sent ${bytes} bytes.`);
  const Successful: Json[] = [];
  const Failed: Json[] = [];
  for (const raw of entries) {
    const e = raw as Json;
    try {
      Successful.push({ Id: e.Id, ...perEntry(e) });
    } catch (err) {
      const se = err instanceof SqsError ? err : err instanceof QueueError ? fromQueueError(err) : undefined;
      if (!se) throw err;
      Failed.push({ Id: e.Id, SenderFault: se.fault === 'Sender', Code: se.code, Message: se.message });
    }
  }
  return { Successful, Failed };
}

/** Receipt handles the local queues hand out: `<messageId>#<uuid>`. */
const HANDLE = /^[0-9a-f-]{36}#[0-9a-f-]{36}$/;

function receiptHandle(e: Json): string {
  const h = str(e, 'ReceiptHandle', true);
  if (!HANDLE.test(h)) throw sqsError('ReceiptHandleIsInvalid', `The input receipt handle "${h}" is not a valid receipt handle.`);
  return h;
}

function changeVisibilityOne(ctx: Ctx, name: string, e: Json): void {
  const handle = receiptHandle(e);
  const v = e.VisibilityTimeout;
  if (v === undefined || v === null) throw missing('VisibilityTimeout');
  const seconds = int(e, 'VisibilityTimeout', 0, 43_200, 'Must be between 0 and 43200, if provided')!;
  const state = ctx.queues.visibility(name, handle);
  if (state === 'unknown') throw invalid(`Value ${handle} for parameter ReceiptHandle is invalid. Reason: Message does not exist or is not available for visibility timeout change.`);
  if (state === 'visible') throw sqsError('MessageNotInflight', 'The message referred to is not in flight.');
  ctx.queues.changeVisibility(name, handle, seconds);
}

// ---- ReceiveMessage ---------------------------------------------------------------------------

const SYSTEM_ATTRIBUTES = ['SenderId', 'SentTimestamp', 'ApproximateReceiveCount', 'ApproximateFirstReceiveTimestamp', 'SequenceNumber', 'MessageDeduplicationId', 'MessageGroupId', 'AWSTraceHeader', 'DeadLetterQueueSourceArn'];

function systemAttributes(m: ReceivedMessage, wanted: Set<string>): Json | undefined {
  if (!wanted.size) return undefined;
  const all: Record<string, string | undefined> = {
    SenderId: 'AIDALOCALSENDER',
    SentTimestamp: String(m.sentAt),
    ApproximateReceiveCount: String(m.receiveCount),
    ApproximateFirstReceiveTimestamp: String(m.firstReceiveAt),
    SequenceNumber: m.sequenceNumber,
    MessageDeduplicationId: m.dedupId,
    MessageGroupId: m.groupId,
    DeadLetterQueueSourceArn: m.sourceQueue ? queueArn(m.sourceQueue) : undefined,
  };
  const out: Json = {};
  for (const [k, v] of Object.entries(all)) if (v !== undefined && (wanted.has('All') || wanted.has(k))) out[k] = v;
  return out;
}

function pickMessageAttributes(attrs: MessageAttributes | undefined, names: string[]): MessageAttributes | undefined {
  if (!attrs || !names.length) return undefined;
  const out: MessageAttributes = {};
  for (const [k, v] of Object.entries(attrs)) {
    const hit = names.some((n) => n === 'All' || n === '.*' || n === k || (n.endsWith('.*') && k.startsWith(n.slice(0, -1))));
    if (hit) out[k] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Receives, waiting up to `waitMs` for a message (woken by sends and by visibility expiry). */
async function receiveWaiting(queues: LocalQueues, name: string, opts: { max: number; visibilityTimeout?: number }, waitMs: number, signal: AbortSignal): Promise<ReceivedMessage[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (signal.aborted) return [];
    const got = queues.receive(name, opts);
    if (got.length || Date.now() >= deadline) return got;
    await new Promise<void>((resolve) => {
      const next = queues.nextVisibleAt(name);
      const until = next === undefined ? deadline : Math.min(deadline, next);
      const timer = setTimeout(done, Math.max(0, until - Date.now()) + 1);
      const off = queues.onChange((n) => {
        if (n === name) done();
      });
      signal.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        off();
        signal.removeEventListener('abort', done);
        resolve();
      }
    });
  }
}

// ---- GetQueueAttributes -----------------------------------------------------------------------

const QUEUE_ATTRIBUTES = [
  'ApproximateNumberOfMessages',
  'ApproximateNumberOfMessagesNotVisible',
  'ApproximateNumberOfMessagesDelayed',
  'CreatedTimestamp',
  'LastModifiedTimestamp',
  'DelaySeconds',
  'MaximumMessageSize',
  'MessageRetentionPeriod',
  'ReceiveMessageWaitTimeSeconds',
  'VisibilityTimeout',
  'QueueArn',
  'RedrivePolicy',
  'FifoQueue',
  'ContentBasedDeduplication',
  'DeduplicationScope',
  'FifoThroughputLimit',
  'SqsManagedSseEnabled',
];

function queueAttributes(queues: LocalQueues, name: string): Record<string, string | undefined> {
  const info = queues.info(name);
  const stats = queues.stats(name);
  const fifo = info.def.fifo;
  const created = String(Math.floor(info.createdAt / 1000));
  return {
    ApproximateNumberOfMessages: String(stats.visible),
    ApproximateNumberOfMessagesNotVisible: String(stats.inFlight),
    ApproximateNumberOfMessagesDelayed: String(stats.delayed),
    CreatedTimestamp: created,
    LastModifiedTimestamp: created,
    DelaySeconds: '0',
    MaximumMessageSize: String(256 * 1024),
    // As infra/lib/constructs/worker-queue.ts: 4 days, 14 for the dead-letter queues.
    MessageRetentionPeriod: String((info.isDlq ? 14 : 4) * 86_400),
    ReceiveMessageWaitTimeSeconds: '0',
    VisibilityTimeout: String(info.def.visibilityTimeout),
    QueueArn: queueArn(name),
    RedrivePolicy: info.dlqName ? JSON.stringify({ deadLetterTargetArn: queueArn(info.dlqName), maxReceiveCount: info.def.maxReceives }) : undefined,
    FifoQueue: fifo ? 'true' : undefined,
    ContentBasedDeduplication: fifo ? 'false' : undefined,
    DeduplicationScope: fifo ? (info.isDlq ? 'queue' : 'messageGroup') : undefined,
    FifoThroughputLimit: fifo ? (info.isDlq ? 'perQueue' : 'perMessageGroupId') : undefined,
    SqsManagedSseEnabled: 'true',
  };
}

// ---- the actions ------------------------------------------------------------------------------

const ACTIONS: Record<string, Action> = {
  GetQueueUrl: (ctx) => {
    const name = str(ctx.input, 'QueueName', true);
    if (!ctx.queues.has(name)) throw sqsError('QueueDoesNotExist', 'The specified queue does not exist.');
    return { QueueUrl: queueUrl(ctx.endpoint, name) };
  },

  ListQueues: (ctx) => {
    const prefix = str(ctx.input, 'QueueNamePrefix') ?? '';
    const all = ctx.queues.names().flatMap((n) => [n, ctx.queues.info(n).dlqName!]);
    return { QueueUrls: all.filter((n) => n.startsWith(prefix)).map((n) => queueUrl(ctx.endpoint, n)) };
  },

  SendMessage: (ctx) => sendOne(ctx, queueOf(ctx), ctx.input),

  SendMessageBatch: (ctx) => {
    const name = queueOf(ctx);
    return batch(ctx, 'SendMessageBatchRequestEntry', (e) => sendOne(ctx, name, e), { maxBytes: 256 * 1024 });
  },

  ReceiveMessage: async (ctx) => {
    const name = queueOf(ctx);
    const max = int(ctx.input, 'MaxNumberOfMessages', 1, 10, 'Must be between 1 and 10, if provided') ?? 1;
    const visibilityTimeout = int(ctx.input, 'VisibilityTimeout', 0, 43_200, 'Must be between 0 and 43200, if provided');
    const wait = int(ctx.input, 'WaitTimeSeconds', 0, 20, 'Must be >= 0 and <= 20, if provided') ?? 0;
    const wanted = new Set([...strings(ctx.input, 'AttributeNames'), ...strings(ctx.input, 'MessageSystemAttributeNames')]);
    for (const a of wanted) if (a !== 'All' && !SYSTEM_ATTRIBUTES.includes(a)) throw sqsError('InvalidAttributeName', `Unknown Attribute ${a}.`);
    const attrNames = strings(ctx.input, 'MessageAttributeNames');
    const ms = ctx.queues.secondMs;
    const got = await receiveWaiting(ctx.queues, name, { max, ...(visibilityTimeout !== undefined ? { visibilityTimeout } : {}) }, wait * ms, ctx.signal);
    if (!got.length) return {};
    return {
      Messages: got.map((m) => {
        const attrs = systemAttributes(m, wanted);
        const user = pickMessageAttributes(m.attributes, attrNames);
        return {
          MessageId: m.messageId,
          ReceiptHandle: m.receiptHandle,
          MD5OfBody: md5(m.body),
          Body: m.body,
          ...(attrs ? { Attributes: attrs } : {}),
          ...(user ? { MessageAttributes: attributesJson(user), MD5OfMessageAttributes: md5OfMessageAttributes(user) } : {}),
        };
      }),
    };
  },

  DeleteMessage: (ctx) => {
    const name = queueOf(ctx);
    ctx.queues.delete(name, receiptHandle(ctx.input));
    return {};
  },

  DeleteMessageBatch: (ctx) => {
    const name = queueOf(ctx);
    return batch(ctx, 'DeleteMessageBatchRequestEntry', (e) => {
      ctx.queues.delete(name, receiptHandle(e));
      return {};
    });
  },

  ChangeMessageVisibility: (ctx) => {
    changeVisibilityOne(ctx, queueOf(ctx), ctx.input);
    return {};
  },

  ChangeMessageVisibilityBatch: (ctx) => {
    const name = queueOf(ctx);
    return batch(ctx, 'ChangeMessageVisibilityBatchRequestEntry', (e) => {
      changeVisibilityOne(ctx, name, e);
      return {};
    });
  },

  GetQueueAttributes: (ctx) => {
    const name = queueOf(ctx);
    const names = strings(ctx.input, 'AttributeNames');
    for (const a of names) if (a !== 'All' && !QUEUE_ATTRIBUTES.includes(a) && a !== 'Policy' && a !== 'KmsMasterKeyId') throw sqsError('InvalidAttributeName', `Unknown Attribute ${a}.`);
    const all = queueAttributes(ctx.queues, name);
    const Attributes: Record<string, string> = {};
    for (const [k, v] of Object.entries(all)) if (v !== undefined && (names.includes('All') || names.includes(k))) Attributes[k] = v;
    return Object.keys(Attributes).length ? { Attributes } : {};
  },

  PurgeQueue: (ctx) => {
    ctx.queues.purge(queueOf(ctx));
    return {};
  },
};

export const SUPPORTED_ACTIONS = Object.keys(ACTIONS);
