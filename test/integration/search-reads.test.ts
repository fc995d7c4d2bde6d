/**
 * How the tickets search reads (domain/search/search-tickets.ts), on a synthetic index of 10,000
 * tickets (ten blocks of the index) whose words and queues repeat with known periods: the pages
 * walked by cursor are exactly the brute-force answer, and the reads go out together where they
 * can — counted as round trips ("waves": a wave starts when a DynamoDB call leaves while none is in
 * flight).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { putEntries, type Entry } from '../../functions/src/adapters/db/search-index';
import { rosterIndex, ticketKey, type RosterEntry, type Ticket, type TicketStatus } from '../../functions/src/adapters/db/tickets';
import { searchTickets, type SearchPage } from '../../functions/src/domain/search/search-tickets';
import { writeAll } from '../bench/seed-tickets';
import { RoundTrips } from '../support/round-trips';

const N = 10_000;
const cid = 800_000 + Math.floor(Math.random() * 100_000);
/** Every ticket says "alfa"; one in 7 "beta", one in 11 "gama", one in 997 "rara"; only ticket 5 "unica"; one in 20 is on queue 2; one in 5 is pending (those of queue 2 among them), the others closed. */
const WORDS: Record<string, (id: number) => boolean> = { alfa: () => true, beta: (id) => id % 7 === 0, gama: (id) => id % 11 === 0, rara: (id) => id % 997 === 0, unica: (id) => id === 5 };
const onQueue2 = (id: number) => id % 20 === 3;
const pending = (id: number) => id % 5 === 3;

let trips: RoundTrips;

beforeAll(async () => {
  const entries: Entry[] = [];
  const items: Record<string, unknown>[] = [];
  for (let id = 1; id <= N; id++) {
    for (const [token, has] of Object.entries(WORDS)) if (has(id)) entries.push({ token, ticketId: id, source: 't' });
    const t = { id, companyId: cid, status: pending(id) ? ('pending' as const) : ('closed' as const), queueId: onQueue2(id) ? 2 : 1, userId: null, isGroup: false, contactId: id };
    items.push({ ...ticketKey(cid, id), ...rosterIndex(t), entity: 'ticket', ...t });
  }
  await putEntries(cid, entries);
  await writeAll(items);
  trips = new RoundTrips('searchReadsWaves');
}, 120_000);

type Opts = { queue2?: boolean; limit?: number; statuses?: TicketStatus[] };
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
      ...(opts.statuses ? { statuses: opts.statuses } : {}),
    },
  );
/** Every page by cursor, with the round trips of each. */
async function walk(words: string[], opts: Opts = {}): Promise<{ ids: number[]; waves: string[][][] }> {
  const ids: number[] = [];
  const perPage: string[][][] = [];
  let at: SearchPage | undefined;
  do {
    trips.take();
    at = await page(words, opts, at);
    perPage.push(trips.take());
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

  it('words read their blocks side by side; a later page reads the range its densities give', async () => {
    trips.take();
    const first = await page(['beta', 'gama'], {});
    expect(first.tickets.map((t) => t.id)).toEqual(expected(['beta', 'gama']).slice(0, 20));
    // Both words' newest blocks in one round trip (enough for the page); then the tickets.
    expect(trips.take()).toEqual([['QueryCommand', 'QueryCommand'], ['BatchGetItemCommand']]);
    expect(first.densities?.map((d) => Math.round(1 / d))).toEqual([7, 11]);
    trips.take();
    const second = await page(['beta', 'gama'], {}, first);
    expect(second.tickets.map((t) => t.id)).toEqual(expected(['beta', 'gama']).slice(20, 40));
    expect(trips.take()).toEqual([['QueryCommand', 'QueryCommand'], ['BatchGetItemCommand']]);
  });

  it('a rare word moves the others straight to its blocks', async () => {
    trips.take();
    // From the top, with densities (as a cursor carries them) that make each read one block.
    const first = await searchTickets(cid, [{ word: 'alfa', token: 'alfa' }, { word: 'unica', token: 'unica' }], { below: N + 1, densities: [1, 1], limit: 20, filtered: false, keep: () => true });
    expect(first.tickets.map((t) => t.id)).toEqual([5]);
    expect(first.hasMore).toBe(false);
    // unica's one block is at the bottom: alfa's first read (the top block) is followed by one of
    // block 0, not of the eight blocks between; then the ticket.
    expect(trips.take()).toEqual([['QueryCommand', 'QueryCommand'], ['QueryCommand'], ['BatchGetItemCommand']]);
  });

  it('a search of several words reads a wider first span: a rare pair fills its page in one read of the index', async () => {
    trips.take();
    const first = await page(['rara', 'alfa'], {});
    expect(first.tickets.map((t) => t.id)).toEqual(expected(['rara', 'alfa']));
    // One ticket in 997 has both: ten blocks for ten tickets, all in the first read of each word.
    expect(trips.take()).toEqual([['QueryCommand', 'QueryCommand'], ['BatchGetItemCommand']]);
  });

  it('a common word under a selective filter checks its candidates on the roster before reading tickets', async () => {
    trips.take();
    const first = await page(['alfa'], { queue2: true });
    expect(first.tickets.map((t) => t.id)).toEqual(expected(['alfa'], onQueue2).slice(0, 20));
    expect(first.share).toBeCloseTo(0.05, 2);
    // The word's blocks; the roster of the first round's candidates and of those found after them
    // (the share is not known yet: one read instead of one per round); then only the twenty
    // tickets the roster let through.
    expect(trips.take()).toEqual([['QueryCommand'], ['QueryCommand', 'QueryCommand', 'QueryCommand'], ['BatchGetItemCommand']]);
    trips.take();
    const second = await page(['alfa'], { queue2: true }, first);
    expect(second.tickets.map((t) => t.id)).toEqual(expected(['alfa'], onQueue2).slice(20, 40));
    // With the share from the cursor: the word's blocks, the roster of the page's range (each status's part at once), the tickets.
    expect(trips.take()).toEqual([['QueryCommand'], ['QueryCommand', 'QueryCommand', 'QueryCommand'], ['BatchGetItemCommand']]);
    // A status filter reads that status's part of the roster only, from the top of the range and
    // beside the word's blocks: five entries a ticket of the page (the cursor's share, one in 20, would take 400).
    trips.take();
    const ofPending = await page(['alfa'], { queue2: true, statuses: ['pending'] }, first);
    expect(ofPending.tickets.map((t) => t.id)).toEqual(expected(['alfa'], onQueue2).slice(20, 40));
    expect(trips.take()).toEqual([['QueryCommand', 'QueryCommand'], ['BatchGetItemCommand']]);
  });

  it('a search of one status reads its roster beside the words, from the first page on', async () => {
    trips.take();
    const first = await page(['alfa'], { queue2: true, statuses: ['pending'], limit: 5 });
    expect(first.tickets.map((t) => t.id)).toEqual(expected(['alfa'], onQueue2).slice(0, 5));
    expect(trips.take()).toEqual([['QueryCommand', 'QueryCommand'], ['BatchGetItemCommand']]);
    // Pages whose candidates lie below the roster read first read their own range, and the walk
    // is still exactly the brute-force answer.
    expect((await walk(['beta', 'gama'], { queue2: true, statuses: ['pending'], limit: 5 })).ids).toEqual(expected(['beta', 'gama'], onQueue2));
    expect((await walk(['alfa'], { queue2: true, statuses: ['pending'], limit: 50 })).ids).toEqual(expected(['alfa'], onQueue2));
  });

  it('a ticket missing from the roster of the statuses wanted is never read', async () => {
    trips.take();
    const none = await page(['beta'], { queue2: true, statuses: ['open'], limit: 5 });
    expect(none.tickets).toEqual([]);
    expect(trips.take().flat()).not.toContain('BatchGetItemCommand');
  });
});
