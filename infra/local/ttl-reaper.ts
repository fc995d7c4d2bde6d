/**
 * The table's TTL, locally: deletes items whose `expiresAt` (epoch seconds) has passed, as DynamoDB
 * does on AWS in the background (typically within days of expiry; a read never waits for it).
 *
 * DynamoDB Local's own TTL job is left off (table-setup.ts). Every 10 s it scans a page of 20 items
 * while holding the table's write lock, and a Scan page that starts from a key costs DynamoDB Local
 * time in proportion to the table: 145 ms at 30,000 seeded tickets. Every request to the table
 * waited that long, every 10 s (the tickets bench's 100–180 ms maxima, 10.1 s apart).
 *
 * Here a pass walks the table by Scan pages (the filter AWS applies: expired, and not more than five
 * years ago), without a lock (reads go on beside it), and deletes each expired item with a condition
 * that it is still expired: an item renewed meanwhile stays. The deletions reach the stream as
 * REMOVE records, as TTL's do. Paced: after a page that took t ms it waits 20 t (at least `pauseMs`),
 * so a pass spends at most ~5 % of one of DynamoDB Local's threads.
 *
 * Scheduled passes skip a table of more than `maxItems` items (200,000 by default): each of their
 * Scan pages costs DynamoDB Local time in proportion to the table, and during the tickets bench at
 * 100,000 tickets (about a million items) a pass beside the requests made a search answer 500.
 * Such a table keeps its expired items, which every reader already treats as gone (on AWS, TTL
 * deletes them only within days). `pass()` runs whatever the size.
 */
import { ConditionalCheckFailedException, DeleteItemCommand, DescribeTableCommand, ScanCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { errData, type Logger } from './log';

export type TtlReaper = {
  /** One whole pass now, unpaced; resolves with the items deleted. */
  pass(): Promise<number>;
  stop(): Promise<void>;
};

const FIVE_YEARS_S = 5 * 365 * 86_400;

export function startTtlReaper(opts: {
  client: DynamoDBClient;
  table: string;
  attribute: string;
  keys: readonly string[];
  log: Logger;
  /** First pass after this long (default 5 minutes), then one every `everyMs` (default 6 hours). */
  firstMs?: number;
  everyMs?: number;
  pauseMs?: number;
  maxItems?: number;
}): TtlReaper {
  const { client, table, attribute, log } = opts;
  const maxItems = opts.maxItems ?? 200_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let running: Promise<number> | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });

  async function deleteIfExpired(key: Record<string, AttributeValue>, now: number): Promise<boolean> {
    try {
      await client.send(
        new DeleteItemCommand({
          TableName: table,
          Key: key,
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
    let start: Record<string, AttributeValue> | undefined;
    let deleted = 0;
    let scanned = 0;
    do {
      const t = performance.now();
      const now = Math.floor(Date.now() / 1000);
      const page = await client.send(
        new ScanCommand({
          TableName: table,
          ExclusiveStartKey: start,
          FilterExpression: '#t BETWEEN :from AND :now',
          ProjectionExpression: opts.keys.map((_, i) => `#k${i}`).join(', '),
          ExpressionAttributeNames: { '#t': attribute, ...Object.fromEntries(opts.keys.map((k, i) => [`#k${i}`, k])) },
          ExpressionAttributeValues: { ':from': { N: String(now - FIVE_YEARS_S) }, ':now': { N: String(now) } },
        }),
      );
      for (const item of page.Items ?? []) if (await deleteIfExpired(item, now)) deleted++;
      start = page.LastEvaluatedKey;
      // A table that grew past the limit during a scheduled pass (a large import) ends the pass.
      scanned += page.ScannedCount ?? 0;
      if (paced && start && scanned > maxItems) {
        log.warn('ttl pass stopped: the table grew too large for DynamoDB Local to scan beside requests', { scanned });
        break;
      }
      if (paced && start && !stopped) await sleep(Math.max(opts.pauseMs ?? 1_000, 20 * (performance.now() - t)));
    } while (start && !stopped);
    return deleted;
  }

  const run = (paced: boolean): Promise<number> => {
    // One pass at a time: a pass asked for during another waits for it and runs after.
    const next = (running ?? Promise.resolve(0)).catch(() => 0).then(() => walk(paced));
    running = next;
    return next;
  };

  const loop = async () => {
    await sleep(opts.firstMs ?? 300_000);
    while (!stopped) {
      const items = (await client.send(new DescribeTableCommand({ TableName: table })).catch(() => undefined))?.Table?.ItemCount ?? 0;
      const tooLarge = items > maxItems;
      if (tooLarge) log.warn('ttl pass skipped: the table is too large for DynamoDB Local to scan beside requests', { items });
      const deleted = tooLarge ? 0 : await run(true).catch((err: unknown) => {
        log.warn('ttl pass failed', { err: errData(err) });
        return 0;
      });
      if (deleted) log.info('ttl pass', { deleted });
      if (!stopped) await sleep(opts.everyMs ?? 6 * 3_600_000);
    }
  };
  const looping = loop();

  return {
    pass: () => run(false),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await looping;
      await running?.catch(() => undefined);
    },
  };
}
