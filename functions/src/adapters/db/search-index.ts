/**
 * The tickets search index (ACCESS_PATTERNS #71–#73): one small item per word prefix and ticket,
 * `PK=C#<cid>#SRCH#<token>`, `SK=<ticketId padded>#<source>`, with no other attribute (~50 bytes).
 * Source `t`: a message of the ticket has a word with that prefix; `n`: the contact's name or
 * number had one when it was indexed (checked against the contact as it is when listed).
 *
 * A token's entries read newest ticket first (descending SK) in one Query per page; a Query is
 * billed by the bytes it reads, so ~80 entries cost half a read unit. Items are only ever put
 * (the same key again is the same item): writing twice, or a redelivered stream batch, changes nothing.
 */
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, keyId, type Key } from './batch';
import { db, table } from './client';
import { pad } from './keys';

export type Source = 't' | 'n';
export type Entry = { token: string; ticketId: number; source: Source };
/** A ticket listed under a token, with the sources it was indexed from. */
export type Hit = { id: number; sources: Set<Source> };

export const searchPartition = (cid: number, token: string) => `C#${cid}#SRCH#${token}`;
export const entryKey = (cid: number, e: Entry): Key => ({ PK: searchPartition(cid, e.token), SK: `${pad(e.ticketId)}#${e.source}` });

/** Which of these entries exist (eventually consistent: one half unit per key). */
export async function existingEntries(cid: number, entries: Entry[]): Promise<Set<string>> {
  if (!entries.length) return new Set();
  const found = await batchGet(entries.map((e) => entryKey(cid, e)), { projection: 'PK, SK' });
  return new Set(found.keys());
}
export const entryId = (cid: number, e: Entry): string => keyId(entryKey(cid, e));

const WRITERS = 4;

/** Puts entries (answers how many distinct ones), 25 a request with a few requests at once; unprocessed ones retried until written. */
export async function putEntries(cid: number, entries: Entry[]): Promise<number> {
  // Two words may share a prefix: one put each (a request naming a key twice is refused).
  const unique = [...new Map(entries.map((e) => [entryId(cid, e), e])).values()];
  const chunks: Entry[][] = [];
  for (let i = 0; i < unique.length; i += 25) chunks.push(unique.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      let pending: Record<string, unknown>[] = chunks[next++]!.map((e) => ({ PutRequest: { Item: entryKey(cid, e) } }));
      for (let attempt = 0; pending.length; attempt++) {
        if (attempt >= 10) throw new Error(`search index: ${pending.length} entries left unwritten`);
        if (attempt) await new Promise((r) => setTimeout(r, Math.min(1_000, 20 * 2 ** attempt)));
        const out = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
        pending = (out.UnprocessedItems?.[table()] ?? []) as Record<string, unknown>[];
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(WRITERS, chunks.length) }, worker));
  return unique.length;
}

/** Most entries one Query asks for (~100 KB of entries, well under DynamoDB's 1 MB a response). */
const MAX_PAGE = 2_000;

/**
 * One token's tickets, newest (highest id) first. Read a page at a time (`head` fills an empty
 * buffer with the next `pageSize` entries), or by id range (`fillTo(low)`: every entry down to
 * ticket `low`, appended to the buffer), so several readers can read the same range at once.
 * `seek(id)` skips to the tickets at or below `id`: buffered ones are dropped, and once the buffer
 * is empty the next Query starts there, so an intersection jumps over the runs another token does
 * not have.
 */
export class PostingReader {
  private buf: Hit[] = [];
  private before: string | undefined;
  private remaining = true;
  private pageSize: number;
  /** Entries read so far (the caller's budget). */
  read = 0;
  /** Tickets per ticket id in the range the last page covered (how common the word is), once a page came back full. */
  density: number | undefined;
  /** Every entry of a ticket at or above this id (below the start) has been read or skipped. */
  reached: number;

  constructor(
    private readonly cid: number,
    readonly token: string,
    opts: { below?: number; pageSize: number; density?: number },
  ) {
    this.density = opts.density;
    this.before = opts.below !== undefined ? pad(opts.below) : undefined;
    this.reached = opts.below ?? Number.POSITIVE_INFINITY;
    this.pageSize = Math.max(16, opts.pageSize);
  }

  /** The next ticket, or undefined when the token has no more. */
  async head(): Promise<Hit | undefined> {
    while (!this.buf.length && this.more) await this.fill();
    return this.buf[0];
  }

  /** Whether entries may remain below where the reader has reached. */
  get more(): boolean {
    return this.remaining;
  }

  /** Whether the next `head()` needs a Query. */
  get empty(): boolean {
    return !this.buf.length && this.more;
  }

  next(): void {
    this.buf.shift();
  }

  /**
   * About `n` more entries will be wanted: the next page asks for that many at once (up to
   * MAX_PAGE) instead of growing round by round, so a round of candidates is one Query.
   */
  expect(n: number): void {
    if (this.buf.length < n) this.pageSize = Math.min(MAX_PAGE, Math.max(this.pageSize, n - this.buf.length));
  }

  seek(id: number): void {
    while (this.buf.length && this.buf[0]!.id > id) this.buf.shift();
    if (!this.buf.length && this.more) {
      const at = pad(id + 1);
      if (this.before === undefined || at < this.before) {
        this.before = at;
        this.reached = Math.min(this.reached, id + 1);
      }
    }
  }

  /** The next page (`pageSize` entries below the last one read). */
  private async fill(): Promise<void> {
    const hits = await this.query(undefined, this.pageSize);
    if (this.more && hits.length > 1) this.density = hits.length / (hits[0]!.id - hits[hits.length - 1]!.id + 1);
    this.pageSize = Math.min(MAX_PAGE, this.pageSize * 4);
  }

  /**
   * Every entry of the tickets from `low` up to where the reader has reached, in one Query (at most
   * MAX_PAGE entries: beyond that the reader has reached less far, and the next read goes on).
   */
  async fillTo(low: number): Promise<void> {
    if (!this.more || low >= this.reached) return;
    const from = Math.max(low, 0);
    const top = Number.isFinite(this.reached) ? this.reached : undefined;
    const hits = await this.query(from, MAX_PAGE);
    if (this.reached === from) {
      // The whole range was read: the density of the word over it (zero: none there).
      const high = top ?? (hits.length ? hits[0]!.id + 1 : undefined);
      if (high !== undefined && high > from) this.density = hits.length / (high - from);
      if (from === 0) this.remaining = false;
    }
  }

  /**
   * One Query below `before` (down to ticket `low` when given), appended to the buffer. A ticket's
   * two entries may straddle pages: when more remain, the last ticket is read again next time.
   */
  private async query(low: number | undefined, limit: number): Promise<Hit[]> {
    const conds = this.before === undefined ? (low === undefined ? 'PK = :pk' : 'PK = :pk AND SK >= :lo') : low === undefined ? 'PK = :pk AND SK < :b' : 'PK = :pk AND SK BETWEEN :lo AND :b';
    const out = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: conds,
        ExpressionAttributeValues: { ':pk': searchPartition(this.cid, this.token), ...(this.before === undefined ? {} : { ':b': this.before }), ...(low === undefined ? {} : { ':lo': pad(low) }) },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    // BETWEEN includes its upper bound, which may be the last entry already read.
    const items = (out.Items ?? []).filter((i) => this.before === undefined || String(i.SK) < this.before);
    this.read += items.length;
    const more = Boolean(out.LastEvaluatedKey);
    const hits: Hit[] = [];
    for (const i of items) {
      const [id, source] = String(i.SK).split('#');
      const n = Number(id);
      const last = hits[hits.length - 1];
      if (last?.id === n) last.sources.add(source as Source);
      else hits.push({ id: n, sources: new Set([source as Source]) });
    }
    if (more && hits.length > 1) {
      const cut = hits.pop()!;
      this.before = `${pad(cut.id)}#~`;
      this.reached = cut.id + 1;
    } else if (more && items.length) {
      this.before = String(items[items.length - 1]!.SK);
      this.reached = hits[hits.length - 1]!.id + 1;
    } else if (low !== undefined) {
      // The range is read to its low end; whatever lies below it is for the next read.
      this.before = pad(low);
      this.reached = low;
    } else {
      this.remaining = false;
      this.reached = 0;
    }
    const last = this.buf[this.buf.length - 1];
    if (last && hits[0]?.id === last.id) for (const s of hits.shift()!.sources) last.sources.add(s);
    this.buf.push(...hits);
    return hits;
  }
}
