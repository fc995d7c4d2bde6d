/**
 * How the tickets search reads (domain/search/search-tickets.ts), on a synthetic index of 3,000
 * tickets whose words and queues repeat with known periods: the pages walked by cursor are
 * exactly the brute-force answer, and the reads go out together where they can — counted as
 * round trips ("waves": a wave starts when a DynamoDB call leaves while none is in flight).
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, table } from '../../functions/src/adapters/db/client';
import { putEntries, type Entry } from '../../functions/src/adapters/db/search-index';
import { rosterIndex, ticketKey, type RosterEntry, type Ticket } from '../../functions/src/adapters/db/tickets';
import { searchTickets, type SearchPage } from '../../functions/src/domain/search/search-tickets';

const N = 3_000;
const cid = 800_000 + Math.floor(Math.random() * 100_000);
/** Every ticket says "alfa"; one in 7 "beta", one in 11 "gama", one in 997 "rara"; one in 20 is on queue 2. */
const WORDS: Record<string, (id: number) => boolean> = { alfa: () => true, beta: (id) => id % 7 === 0, gama: (id) => id % 11 === 0, rara: (id) => id % 997 === 0 };
const onQueue2 = (id: number) => id % 20 === 3;

/** DynamoDB calls in flight and the round trips so far. */
let inFlight = 0;
let waves: string[][] = [];

beforeAll(async () => {
  const entries: Entry[] = [];
  const items: Record<string, unknown>[] = [];
  for (let id = 1; id <= N; id++) {
    for (const [token, has] of Object.entries(WORDS)) if (has(id)) entries.push({ token, ticketId: id, source: 't' });
    const t = { id, companyId: cid, status: 'pending', queueId: onQueue2(id) ? 2 : 1, userId: null, isGroup: false, contactId: id };
    items.push({ ...ticketKey(cid, id), ...rosterIndex(t), entity: 'ticket', ...t });
  }
  await putEntries(cid, entries);
  for (let i = 0; i < items.length; i += 25) await db().send(new BatchWriteCommand({ RequestItems: { [table()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  db().middlewareStack.add(
    (next, ctx) => async (args) => {
      if (inFlight++ === 0) waves.push([]);
      waves[waves.length - 1]!.push(ctx.commandName ?? '?');
      try {
        return await next(args);
      } finally {
        inFlight--;
      }
    },
    { step: 'initialize', name: 'searchReadsWaves' },
  );
}, 120_000);

type Opts = { queue2?: boolean; limit?: number };
const page = (words: string[], opts: Opts, at?: SearchPage) =>
  searchTickets(
    cid,
    words.map((w) => ({ word: w, token: w })),
    {
      below: at?.cursor,
      share: at?.share,
      densities: at?.densities,
      limit: opts.limit ?? 20,
      filtered: Boolean(opts.queue2),
      keep: (t: Ticket) => !opts.queue2 || t.queueId === 2,
      ...(opts.queue2 ? { keepEntry: (r: RosterEntry) => r.queueId === 2 } : {}),
    },
  );
/** Every page by cursor, with the round trips of each. */
async function walk(words: string[], opts: Opts = {}): Promise<{ ids: number[]; waves: string[][][] }> {
  const ids: number[] = [];
  const perPage: string[][][] = [];
  let at: SearchPage | undefined;
  do {
    waves = [];
    at = await page(words, opts, at);
    perPage.push(waves);
    ids.push(...at.tickets.map((t) => t.id));
  } while (at.hasMore);
  return { ids, waves: perPage };
}
const expected = (words: string[], keep: (id: number) => boolean = () => true) =>
  Array.from({ length: N }, (_, i) => N - i).filter((id) => keep(id) && words.every((w) => WORDS[w]!(id)));

describe('tickets search reads', () => {
  it('walks by cursor to exactly the tickets every word has, newest first', async () => {
    for (const words of [['alfa'], ['beta'], ['alfa', 'beta'], ['beta', 'gama'], ['rara', 'alfa'], ['rara', 'beta', 'gama']]) {
      expect((await walk(words)).ids, words.join(' ')).toEqual(expected(words));
    }
    expect((await walk(['alfa'], { queue2: true })).ids).toEqual(expected(['alfa'], onQueue2));
    expect((await walk(['beta', 'gama'], { queue2: true, limit: 5 })).ids).toEqual(expected(['beta', 'gama'], onQueue2));
  });

  it('two words of like density read the range of the page together once their densities are known', async () => {
    waves = [];
    const first = await page(['beta', 'gama'], {});
    expect(first.tickets.map((t) => t.id)).toEqual(expected(['beta', 'gama']).slice(0, 20));
    // A first page of each word side by side; then both words' ranges in one round trip; then the tickets.
    expect(waves).toEqual([['QueryCommand', 'QueryCommand'], ['QueryCommand', 'QueryCommand'], ['BatchGetItemCommand']]);
    // The next page knows the densities from the cursor: the range at once.
    expect(first.densities).toHaveLength(2);
    waves = [];
    const second = await page(['beta', 'gama'], {}, first);
    expect(second.tickets.map((t) => t.id)).toEqual(expected(['beta', 'gama']).slice(20, 40));
    expect(waves).toEqual([['QueryCommand', 'QueryCommand'], ['BatchGetItemCommand']]);
  });

  it('a common word under a selective filter reads the roster beside its entries', async () => {
    waves = [];
    const first = await page(['alfa'], { queue2: true });
    expect(first.tickets.map((t) => t.id)).toEqual(expected(['alfa'], onQueue2).slice(0, 20));
    // The word's first page and the roster's newest entries together; the rest of the page's range
    // and its roster together; then the twenty tickets the roster let through.
    expect(waves).toEqual([['QueryCommand', 'QueryCommand'], ['QueryCommand', 'QueryCommand'], ['BatchGetItemCommand']]);
    expect(first.share).toBeCloseTo(0.05, 2);
    waves = [];
    const second = await page(['alfa'], { queue2: true }, first);
    expect(second.tickets.map((t) => t.id)).toEqual(expected(['alfa'], onQueue2).slice(20, 40));
    expect(waves).toEqual([['QueryCommand', 'QueryCommand'], ['BatchGetItemCommand']]);
  });
});
