/**
 * DynamoDB Local under its supervisor: killed, it is started again on the same port; with a data
 * directory the table, its items and its stream are as they were, and a stream reader goes on
 * where it was. In memory it comes back empty (its restart hooks recreate what they need).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GetItemCommand, ListTablesCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { localDynamoClient, startDynamoDbLocal } from './dynamodb-local';
import { createLogger } from './log';
import { pidAlive } from './process-guard';
import { startStreamPollers } from './streams';
import { ensureTable } from './table-setup';

const log = createLogger(false);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('supervised DynamoDB Local', () => {
  it('with a data directory: restarted on the same port and data after a SIGKILL; the stream reader loses nothing', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ddb-supervised-'));
    const ddb = await startDynamoDbLocal({ persistDir: dir, log, restartBackoffMs: 50 });
    const client = localDynamoClient(ddb.endpoint, 5_000);
    const seen: number[] = [];
    const handler = async (e: DynamoDBStreamEvent) => void seen.push(...e.Records.map((r) => Number(r.dynamodb!.NewImage!.n!.N)));
    const streams = startStreamPollers({
      endpoint: ddb.endpoint,
      table: 'conversa',
      consumers: [{ name: 'c', handler: 'h', entity: 'message', batchSize: 100, batchingWindowSeconds: 0 }],
      resolve: async () => handler as never,
      log,
      pollMs: 20,
      outage: (t) => ddb.downSince(t),
      checkpointFile: path.join(dir, 'streams.json'),
    });
    let hooks = 0;
    ddb.onRestart(async () => void hooks++);
    const put = (n: number) => client.send(new PutItemCommand({ TableName: 'conversa', Item: { PK: { S: 'C#1#MSGS#1' }, SK: { S: String(n).padStart(4, '0') }, entity: { S: 'message' }, n: { N: String(n) } } }));
    try {
      await ensureTable(client, 'conversa');
      for (let n = 1; n <= 20; n++) await put(n);
      const pid = ddb.javaPid;
      process.kill(pid, 'SIGKILL');
      await sleep(200);
      expect(ddb.state()).toBe('down');
      await ddb.whenUp();
      expect(ddb.state()).toBe('up');
      expect(ddb.restarts()).toBe(1);
      expect(hooks).toBe(1);
      expect(ddb.javaPid).not.toBe(pid);
      expect(pidAlive(pid)).toBe(false);
      expect(ddb.downSince(Date.now() - 60_000)).toBe(true);
      // Same endpoint, same data.
      const got = await client.send(new GetItemCommand({ TableName: 'conversa', Key: { PK: { S: 'C#1#MSGS#1' }, SK: { S: '0020' } } }));
      expect(got.Item?.n?.N).toBe('20');
      for (let n = 21; n <= 30; n++) await put(n);
      await streams.drained(20_000);
      expect([...new Set(seen)].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    } finally {
      await streams.stop();
      client.destroy();
      await ddb.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('in memory: restarted too, empty', async () => {
    const ddb = await startDynamoDbLocal({ log, restartBackoffMs: 50 });
    const client = localDynamoClient(ddb.endpoint, 5_000);
    try {
      await ensureTable(client, 'conversa');
      process.kill(ddb.javaPid, 'SIGKILL');
      await sleep(200);
      await ddb.whenUp();
      expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
    } finally {
      client.destroy();
      await ddb.stop();
    }
  }, 60_000);

  it('stop() is not a crash: no restart', async () => {
    const ddb = await startDynamoDbLocal({ log, restartBackoffMs: 50 });
    const pid = ddb.javaPid;
    await ddb.stop();
    await sleep(500);
    expect(pidAlive(pid)).toBe(false);
    expect(ddb.restarts()).toBe(0);
  }, 60_000);
});
