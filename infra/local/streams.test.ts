/**
 * The local stream reader against DynamoDB Local's real stream: each consumer reads on its own
 * (a slow one never holds back another), gets only the records its filters name, in order,
 * a failed batch is retried from its failed record, a restart goes on from the checkpoint, and a
 * paused reader reads nothing until resumed.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { StreamConsumerDef } from '@conversa/functions/workers/streams';
import { localDynamoClient, startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { ensureTable } from './table-setup';
import { createLogger } from './log';
import { startStreamPollers } from './streams';

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
    const start = () => startStreamPollers({ endpoint: ddb.endpoint, table: TABLE, consumers, resolve: async (h) => handlers[h] as never, log: createLogger(false), pollMs: 20, checkpointFile });

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
