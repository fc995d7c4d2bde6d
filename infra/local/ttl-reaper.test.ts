/**
 * The local TTL: the reaper learns which items expire from the table's stream, keeps that index in a
 * journal, and deletes due items by key (never a Scan), each only if it is still expired.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteItemCommand, GetItemCommand, PutItemCommand, QueryCommand, UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { localDynamoClient, startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { createLogger } from './log';
import { startStreamPollers } from './streams';
import { ensureTable } from './table-setup';
import { startTtlReaper, type TtlReaper } from './ttl-reaper';

const TABLE = `ttl-test-${Date.now()}`;
const log = createLogger(false);
let ddb: DynamoDbLocal;
let client: DynamoDBClient;
let dir: string;

beforeAll(async () => {
  ddb = await startDynamoDbLocal({ log });
  client = localDynamoClient(ddb.endpoint, 10_000);
  await ensureTable(client, TABLE);
  dir = mkdtempSync(path.join(os.tmpdir(), 'ttl-index-'));
}, 60_000);

afterAll(async () => {
  client?.destroy();
  await ddb?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A reaper fed by a real stream reader; `sent` lists the commands its client sent. */
function reaperWithStream(journal: string, wrap?: (cmd: unknown) => Promise<void>) {
  const sent: string[] = [];
  const spy = {
    send: async (cmd: unknown) => {
      sent.push((cmd as object).constructor.name);
      await wrap?.(cmd);
      return client.send(cmd as never);
    },
  } as unknown as DynamoDBClient;
  let reaper!: TtlReaper;
  const streams = startStreamPollers({ endpoint: ddb.endpoint, table: TABLE, consumers: [], taps: [{ name: 'ttl-index', take: (r) => reaper.tap.take(r) }], resolve: async () => undefined, log, pollMs: 20 });
  reaper = startTtlReaper({ client: spy, table: TABLE, attribute: 'expiresAt', keys: ['PK', 'SK'], log, journal, firstMs: 3_600_000, caughtUp: () => streams.drained(15_000) });
  return { reaper, streams, sent, stop: async () => (await streams.stop(), await reaper.stop()) };
}

const put = (pk: string, sk: string, expiresAt?: number) =>
  client.send(new PutItemCommand({ TableName: TABLE, Item: { PK: { S: pk }, SK: { S: sk }, ...(expiresAt === undefined ? {} : { expiresAt: { N: String(expiresAt) } }) } }));
const left = async (pk: string) => ((await client.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': { S: pk } } }))).Items ?? []).map((i) => i.SK!.S!).sort();

describe('local TTL reaper', () => {
  it('deletes what expired (passed, not more than five years ago) by key, without a Scan', async () => {
    const now = Math.floor(Date.now() / 1000);
    const r = reaperWithStream(path.join(dir, 'a.journal'));
    try {
      await put('C#1#TTL', 'expired', now - 60);
      await put('C#1#TTL', 'future', now + 3600);
      await put('C#1#TTL', 'none');
      await put('C#1#TTL', 'ancient', now - 6 * 365 * 86_400);
      await put('C#1#TTL', 'in-ms', Date.now() + 60_000);
      await put('C#1#TTL', 'dropped-expiry', now - 60);
      await client.send(new UpdateItemCommand({ TableName: TABLE, Key: { PK: { S: 'C#1#TTL' }, SK: { S: 'dropped-expiry' } }, UpdateExpression: 'REMOVE expiresAt' }));
      await put('C#1#TTL', 'deleted-by-app', now - 60);
      await client.send(new DeleteItemCommand({ TableName: TABLE, Key: { PK: { S: 'C#1#TTL' }, SK: { S: 'deleted-by-app' } } }));
      expect(await r.reaper.pass()).toBe(1);
      expect(await left('C#1#TTL')).toEqual(['ancient', 'dropped-expiry', 'future', 'in-ms', 'none']);
      expect(r.sent.filter((c) => c !== 'DeleteItemCommand')).toEqual([]);
      expect(r.sent).toEqual(['DeleteItemCommand']);
      // What is left in the index: the future and the ancient expiry (never due), nothing else.
      expect(r.reaper.size()).toBe(2);
      expect(r.reaper.passes().at(-1)).toMatchObject({ deleted: 1, due: 1 });
    } finally {
      await r.stop();
    }
  });

  it('keeps an item renewed between the index entry and its deletion', async () => {
    const now = Math.floor(Date.now() / 1000);
    let renewed = false;
    // The session is renewed just before the reaper's DeleteItem reaches the table.
    const r = reaperWithStream(path.join(dir, 'b.journal'), async (cmd) => {
      if (cmd instanceof DeleteItemCommand && !renewed) {
        renewed = true;
        await put('C#2#TTL', 'session', now + 3600);
      }
    });
    try {
      await put('C#2#TTL', 'session', now - 60);
      expect(await r.reaper.pass()).toBe(0);
      const got = await client.send(new GetItemCommand({ TableName: TABLE, Key: { PK: { S: 'C#2#TTL' }, SK: { S: 'session' } } }));
      expect(got.Item?.expiresAt?.N).toBe(String(now + 3600));
      // The renewal's MODIFY record keeps it in the index with its new expiry.
      await r.streams.drained(15_000);
      expect(await r.reaper.pass()).toBe(0);
      expect(r.reaper.size()).toBeGreaterThanOrEqual(1);
    } finally {
      await r.stop();
    }
  });

  it('keeps its index in a journal: a restarted reaper deletes what expired meanwhile', async () => {
    const now = Math.floor(Date.now() / 1000);
    const journal = path.join(dir, 'c.journal');
    const first = reaperWithStream(journal);
    await put('C#3#TTL', 'soon', now + 2);
    await first.streams.drained(15_000);
    await first.stop();
    await new Promise((r) => setTimeout(r, 3_000));
    // A reaper without a stream: what it knows comes from the journal alone.
    const second = startTtlReaper({ client, table: TABLE, attribute: 'expiresAt', keys: ['PK', 'SK'], log, journal, firstMs: 3_600_000 });
    try {
      expect(await second.pass()).toBe(1);
      expect(await left('C#3#TTL')).toEqual([]);
    } finally {
      await second.stop();
    }
  }, 30_000);
});
