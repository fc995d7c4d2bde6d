/**
 * The local stream reader against DynamoDB Local's real stream: each consumer reads on its own
 * (a slow one never holds back another), gets only the records its filters name, in order,
 * a failed batch is retried from its failed record, a restart goes on from the checkpoint, and a
 * paused reader reads nothing until resumed. A batch that keeps failing goes to its on-failure
 * queue; an outage of DynamoDB Local (its supervisor restarting it) drops nothing.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { StreamConsumerDef } from '@conversa/functions/workers/streams';
import { localDynamoClient, startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { ensureTable } from './table-setup';
import { createLogger } from './log';
import { MAX_TRIES, startStreamPollers, type StreamFailure, type StreamPollersOptions } from './streams';

const TABLE = `streams-test-${Date.now()}`;
let ddb: DynamoDbLocal;
let client: DynamoDBClient;

beforeAll(async () => {
  ddb = await startDynamoDbLocal({ log: createLogger(false) });
  client = localDynamoClient(ddb.endpoint, 10_000);
  await ensureTable(client, TABLE);
}, 60_000);

afterAll(async () => {
  client?.destroy();
  await ddb?.stop();
});

const put = (pk: string, entity: string, n: number) =>
  client.send(new PutItemCommand({ TableName: TABLE, Item: { PK: { S: pk }, SK: { S: String(n).padStart(6, '0') }, entity: { S: entity }, n: { N: String(n) } } }));
const numbers = (rs: DynamoDBRecord[]) => rs.map((r) => Number(r.dynamodb!.NewImage!.n!.N));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A reader with one consumer, `c`, of the `message` INSERTs, run by `handler`. */
const oneConsumer = (handler: (e: DynamoDBStreamEvent) => Promise<unknown>, batchSize: number, more: Partial<StreamPollersOptions> = {}) =>
  startStreamPollers({
    endpoint: ddb.endpoint,
    table: TABLE,
    consumers: [{ name: 'c', handler: 'h', entity: 'message', batchSize, batchingWindowSeconds: 0 }],
    resolve: async () => handler as never,
    log: createLogger(false),
    pollMs: 20,
    ...more,
  });

describe('local table stream', () => {
  it('feeds each consumer on its own, retries a failed batch from its failed record, and resumes from the checkpoint', async () => {
    const fast: number[] = [];
    const slow: number[] = [];
    let failOnce = true;
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((r) => (releaseSlow = r));
    const handlers: Record<string, (e: DynamoDBStreamEvent) => Promise<unknown>> = {
      fast: async (e) => {
        const ns = numbers(e.Records);
        // The first time record 3 comes, it fails: the batch resumes from it, nothing before it twice.
        const at = ns.indexOf(3);
        if (failOnce && at >= 0) {
          failOnce = false;
          fast.push(...ns.slice(0, at));
          return { batchItemFailures: [{ itemIdentifier: e.Records[at]!.dynamodb!.SequenceNumber }] };
        }
        fast.push(...ns);
        return { batchItemFailures: [] };
      },
      slow: async (e) => {
        await slowGate; // a consumer stuck behind a long batch
        slow.push(...numbers(e.Records));
      },
    };
    const consumers: StreamConsumerDef[] = [
      { name: 'fast', handler: 'fast', entity: 'message', batchSize: 100, batchingWindowSeconds: 0 },
      { name: 'slow', handler: 'slow', entity: 'message', also: [{ entity: 'ticket', events: ['INSERT'] }], batchSize: 100, batchingWindowSeconds: 0 },
    ];
    const checkpointFile = path.join(mkdtempSync(path.join(tmpdir(), 'streams-')), 'streams.json');
    const start = () => startStreamPollers({ endpoint: ddb.endpoint, table: TABLE, consumers, resolve: async (h) => handlers[h] as never, log: createLogger(false), pollMs: 20, checkpointFile, retryBaseMs: 10 });

    let pollers = start();
    for (let n = 1; n <= 6; n++) await put(`C#1#MSGS#${n % 2}`, 'message', n);
    await put('C#1#TICKETS', 'ticket', 7);
    await put('C#1#X', 'other', 8);

    // The fast consumer has everything of its own while the slow one still waits.
    const deadline = Date.now() + 15_000;
    while (fast.length < 6 && Date.now() < deadline) await sleep(50);
    expect(fast).toEqual([1, 2, 3, 4, 5, 6]);
    expect(slow).toEqual([]);
    releaseSlow();
    await pollers.drained(15_000);
    expect(slow).toEqual([1, 2, 3, 4, 5, 6, 7]);

    // Positions are kept per consumer; a restart reads only what came after them.
    const saved = JSON.parse(readFileSync(checkpointFile, 'utf8')) as Record<string, string>;
    expect(Object.keys(saved).some((k) => k.startsWith('fast#'))).toBe(true);
    expect(Object.keys(saved).some((k) => k.startsWith('slow#'))).toBe(true);
    await pollers.stop();
    await put('C#1#MSGS#0', 'message', 9);
    pollers = start();
    await pollers.drained(15_000);
    expect(fast).toEqual([1, 2, 3, 4, 5, 6, 9]);
    expect(slow).toEqual([1, 2, 3, 4, 5, 6, 7, 9]);

    // Paused, the reader reads nothing; resumed, it goes on from where it was.
    await pollers.pause();
    await put('C#1#MSGS#1', 'message', 10);
    await sleep(300);
    expect(fast).toEqual([1, 2, 3, 4, 5, 6, 9]);
    pollers.resume();
    await pollers.drained(15_000);
    await pollers.stop();
    expect(fast).toEqual([1, 2, 3, 4, 5, 6, 9, 10]);
  }, 60_000);
});

describe('a batch that keeps failing', () => {
  it('goes to the on-failure queue after MAX_TRIES tries (a Lambda-shaped record), and the consumer moves on', async () => {
    const pk = `C#2#MSGS#${Date.now()}`;
    const got: number[] = [];
    let tries = 0;
    const failures: [string, StreamFailure][] = [];
    const handler = async (e: DynamoDBStreamEvent) => {
      const ns = numbers(e.Records.filter((r) => r.dynamodb!.NewImage!.PK!.S === pk));
      if (ns.includes(2)) {
        tries++;
        throw new Error('poison');
      }
      got.push(...ns);
    };
    const pollers = oneConsumer(handler, 1, { retryBaseMs: 5, failed: async (consumer, f) => void failures.push([consumer, f]) });
    for (let n = 1; n <= 3; n++) await put(pk, 'message', n);
    await pollers.drained(30_000);
    await pollers.stop();
    expect(tries).toBe(MAX_TRIES);
    expect(got.filter((n) => n > 0)).toEqual([1, 3]);
    expect(failures).toHaveLength(1);
    const [consumer, f] = failures[0]!;
    expect(consumer).toBe('c');
    expect(f).toMatchObject({ requestContext: { condition: 'RetryAttemptsExhausted', approximateInvokeCount: MAX_TRIES }, version: '1.0', DDBStreamBatchInfo: { batchSize: 1 } });
    expect(f.DDBStreamBatchInfo.startSequenceNumber).toBe(f.DDBStreamBatchInfo.endSequenceNumber);
    expect(f.DDBStreamBatchInfo.streamArn).toContain(`table/${TABLE}/stream/`);
  }, 60_000);

  it('is not given up while DynamoDB Local is down: tries during an outage do not count', async () => {
    const pk = `C#3#MSGS#${Date.now()}`;
    let outage = true;
    let calls = 0;
    const got: number[] = [];
    const handler = async (e: DynamoDBStreamEvent) => {
      const mine = e.Records.filter((r) => r.dynamodb!.NewImage!.PK!.S === pk);
      if (!mine.length) return;
      calls++;
      // The handler's writes fail while the table is down; the reader is told of the outage just after.
      if (calls <= 3 * MAX_TRIES) {
        outage = true;
        throw new Error('connect ECONNREFUSED');
      }
      got.push(...numbers(mine));
    };
    const failures: StreamFailure[] = [];
    // The outage flag goes up with each failure and down a moment later: the reader keeps trying.
    const flicker = setInterval(() => (outage = false), 15);
    const pollers = oneConsumer(handler, 10, { pollMs: 10, retryBaseMs: 1, outage: () => outage, failed: async (_c, f) => void failures.push(f) });
    try {
      await put(pk, 'message', 1);
      await put(pk, 'message', 2);
      const deadline = Date.now() + 30_000;
      while (got.length < 2 && Date.now() < deadline) await sleep(20);
    } finally {
      clearInterval(flicker);
      await pollers.stop();
    }
    expect(calls).toBeGreaterThan(MAX_TRIES);
    expect(failures).toEqual([]);
    expect(got).toEqual([1, 2]);
  }, 60_000);
});

describe('positions', () => {
  it('are written after every batch, so a kill hands again only the batch under way', async () => {
    const pk = `C#4#MSGS#${Date.now()}`;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const seen: number[] = [];
    const handler = async (e: DynamoDBStreamEvent) => {
      const ns = numbers(e.Records.filter((r) => r.dynamodb!.NewImage!.PK!.S === pk));
      if (ns.includes(3)) await gate; // the second batch is under way when the "kill" comes
      seen.push(...ns);
    };
    const checkpointFile = path.join(mkdtempSync(path.join(tmpdir(), 'streams-')), 'streams.json');
    const pollers = oneConsumer(handler, 2, { checkpointFile });
    // Earlier tests' records first: once they are through, only ours are left.
    await pollers.drained(15_000);
    for (let n = 1; n <= 4; n++) await put(pk, 'message', n);
    const deadline = Date.now() + 15_000;
    while (!seen.includes(2) && Date.now() < deadline) await sleep(20);
    await sleep(100);
    // What a SIGKILL now would leave: the first batch (1, 2) is done on disk, the second one is not.
    const saved = JSON.parse(readFileSync(checkpointFile, 'utf8')) as Record<string, string>;
    writeFileSync(path.join(path.dirname(checkpointFile), 'copy.json'), JSON.stringify(saved));
    const replayed: number[] = [];
    const again = oneConsumer(async (e) => void replayed.push(...numbers(e.Records.filter((r) => r.dynamodb!.NewImage!.PK!.S === pk))), 2, { checkpointFile: path.join(path.dirname(checkpointFile), 'copy.json') });
    release();
    await again.drained(15_000);
    await Promise.all([again.stop(), pollers.stop()]);
    expect(replayed).toEqual([3, 4]);
  }, 60_000);
});
