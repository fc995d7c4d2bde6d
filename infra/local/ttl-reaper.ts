/**
 * The table's TTL, locally: deletes items whose `expiresAt` (epoch seconds) has passed, as DynamoDB
 * does on AWS in the background (typically within days of expiry; a read never waits for it).
 *
 * DynamoDB Local's own TTL job is left off (table-setup.ts): every 10 s it scans under the table's
 * write lock. A Scan of our own is no better: DynamoDB Local serves every request from one SQLite
 * connection, and a Scan page that starts from a key costs it time in proportion to the table
 * (1.5–2.5 s a page at ~100,000 tickets, every request waiting behind it).
 *
 * So nothing here scans. The reaper keeps a due-time index of the items that carry `expiresAt`,
 * learnt from the table's stream (a tap of streams.ts: every INSERT and MODIFY says whether the item
 * has an expiry and which, every REMOVE that it is gone), kept in a journal beside the table's data
 * (journal.ts, compacted on start) so it survives restarts. A pass takes the due entries from that
 * index, oldest first, and deletes them `batch` at a time, pausing 19 times as long as they took
 * (DynamoDB Local's one thread spends at most a twentieth on them): each deletion is one
 * DeleteItem by key with a condition that the item is still expired (in the window AWS applies:
 * passed, and not more than five years ago), so an item renewed meanwhile stays. The deletions
 * reach the stream as REMOVE records, as TTL's do. Passes run every `everyMs` (default a minute).
 *
 * An item written before the index existed (a table kept in .data from an older version) is known
 * once the stream's records reach the tap: on its first start the tap reads the stream from its
 * oldest record, as far back as DynamoDB Local still has it. An expired item that is not known
 * stays, and every reader already treats it as gone.
 */
import { ConditionalCheckFailedException, DeleteItemCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { openJournal, readJournal, type Journal } from './journal';
import { errData, type Logger } from './log';
import type { StreamTap } from './streams';

export type TtlPass = { startedAt: number; endedAt: number; deleted: number; due: number };

export type TtlReaper = {
  /** Keeps the due index from the table's stream (streams.ts `taps`). */
  tap: StreamTap;
  /** One pass now (after the stream is read: `caughtUp`), unpaced unless asked; resolves with the items deleted. */
  pass(opts?: { paced?: boolean }): Promise<number>;
  /** Items in the index (with an expiry, due or not). */
  size(): number;
  /** The passes so far, newest last (at most 100). */
  passes(): readonly TtlPass[];
  stop(): Promise<void>;
};

const FIVE_YEARS_S = 5 * 365 * 86_400;
/** A larger value is milliseconds (a session lease's `expiresAt`): as seconds, it is never due. */
const MAX_SECONDS = 1e11;
const COMPACT_AFTER_BYTES = 8 * 1024 * 1024;

type Entry = { key: [string, string]; at: number };
/** Journal records: the item's keys and its expiry, or no `a` when it has none any more. */
type IndexRecord = { k: [string, string]; a?: number };

export function startTtlReaper(opts: {
  client: DynamoDBClient;
  table: string;
  attribute: string;
  /** The table's partition and sort key names. */
  keys: readonly [string, string];
  log: Logger;
  /** Where the due index is kept (without: in memory, rebuilt from the stream). */
  journal?: string;
  /** Resolves once the stream has been read up to now (the stack's `streams.drained`). */
  caughtUp?: () => Promise<void>;
  /** First pass after this long (default 30 s), then one every `everyMs` (default a minute). */
  firstMs?: number;
  everyMs?: number;
  /** Deletions in a row before a pause (default 10); the pause is 19 times what they took (at least `pauseMs`, default 50 ms). */
  batch?: number;
  pauseMs?: number;
}): TtlReaper {
  const { client, table, attribute, log } = opts;
  const [pkName, skName] = opts.keys;
  const index = new Map<string, Entry>();
  const id = (pk: string, sk: string) => `${pk}\u0000${sk}`;
  const history: TtlPass[] = [];
  let journal: Journal | undefined;

  const apply = (r: IndexRecord) => {
    if (r.a === undefined) index.delete(id(...r.k));
    else index.set(id(...r.k), { key: r.k, at: r.a });
  };
  if (opts.journal) {
    const { records } = readJournal(opts.journal);
    for (const r of records) apply(r as IndexRecord);
    journal = openJournal(opts.journal);
    journal.rewrite([...index.values()].map((e) => ({ k: e.key, a: e.at })));
  }
  const record = (r: IndexRecord) => {
    apply(r);
    if (!journal) return;
    journal.append(r);
    if (journal.grown() > COMPACT_AFTER_BYTES && journal.grown() > 4 * journal.base()) journal.rewrite([...index.values()].map((e) => ({ k: e.key, a: e.at })));
  };

  const tap: StreamTap = {
    name: 'ttl-index',
    take(records: readonly DynamoDBRecord[]) {
      for (const r of records) {
        const keys = r.dynamodb?.Keys;
        const pk = keys?.[pkName]?.S;
        const sk = keys?.[skName]?.S;
        if (pk === undefined || sk === undefined) continue;
        const k = id(pk, sk);
        const raw = r.eventName === 'REMOVE' ? undefined : r.dynamodb?.NewImage?.[attribute]?.N;
        const at = raw === undefined ? NaN : Number(raw);
        if (Number.isFinite(at) && at < MAX_SECONDS) {
          if (index.get(k)?.at !== at) record({ k: [pk, sk], a: at });
        } else if (index.has(k)) record({ k: [pk, sk] });
      }
    },
  };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let running: Promise<number> | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });

  async function deleteIfExpired(e: Entry, now: number): Promise<boolean> {
    try {
      await client.send(
        new DeleteItemCommand({
          TableName: table,
          Key: { [pkName]: { S: e.key[0] }, [skName]: { S: e.key[1] } } as Record<string, AttributeValue>,
          ConditionExpression: '#t BETWEEN :from AND :now',
          ExpressionAttributeNames: { '#t': attribute },
          ExpressionAttributeValues: { ':from': { N: String(now - FIVE_YEARS_S) }, ':now': { N: String(now) } },
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException || (err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
      throw err;
    }
  }

  async function walk(paced: boolean): Promise<number> {
    const startedAt = Date.now();
    const now = Math.floor(startedAt / 1000);
    const due = [...index.values()].filter((e) => e.at <= now && e.at >= now - FIVE_YEARS_S).sort((a, b) => a.at - b.at);
    let deleted = 0;
    const batch = opts.batch ?? 10;
    let chunkStart = performance.now();
    for (let i = 0; i < due.length && !stopped; i++) {
      const e = due[i]!;
      if (await deleteIfExpired(e, now)) deleted++;
      // Gone, or renewed (its MODIFY record brings the new expiry): either way not due now.
      if (index.get(id(...e.key))?.at === e.at) record({ k: e.key });
      // Paced: the deletions take at most a twentieth of DynamoDB Local's one thread.
      if (paced && (i + 1) % batch === 0) {
        await sleep(Math.max(opts.pauseMs ?? 50, 19 * (performance.now() - chunkStart)));
        chunkStart = performance.now();
      }
    }
    history.push({ startedAt, endedAt: Date.now(), deleted, due: due.length });
    if (history.length > 100) history.shift();
    return deleted;
  }

  const run = (paced: boolean): Promise<number> => {
    // One pass at a time: a pass asked for during another waits for it and runs after.
    const next = (running ?? Promise.resolve(0)).catch(() => 0).then(() => walk(paced));
    running = next;
    return next;
  };

  const loop = async () => {
    await sleep(opts.firstMs ?? 30_000);
    while (!stopped) {
      const deleted = await run(true).catch((err: unknown) => {
        log.warn('ttl pass failed', { err: errData(err) });
        return 0;
      });
      if (deleted) log.info('ttl pass', { deleted });
      if (!stopped) await sleep(opts.everyMs ?? 60_000);
    }
  };
  const looping = loop();

  return {
    tap,
    async pass(o) {
      await opts.caughtUp?.();
      return run(o?.paced ?? false);
    },
    size: () => index.size,
    passes: () => history,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await looping;
      await running?.catch(() => undefined);
      await journal?.close();
    },
  };
}
