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

/**
 * One token's tickets, newest (highest id) first, read a page at a time. `seek(id)` skips to the
 * tickets at or below `id`: buffered ones are dropped, and once the buffer is empty the next
 * Query starts there, so an intersection jumps over the runs another token does not have.
 */
export class PostingReader {
  private buf: Hit[] = [];
  private before: string | undefined;
  private more = true;
  private pageSize: number;
  /** Entries read so far (the caller's budget). */
  read = 0;
  /** Tickets per ticket id in the range the last page covered (how common the word is), once a page came back full. */
  density: number | undefined;

  constructor(
    private readonly cid: number,
    readonly token: string,
    opts: { below?: number; pageSize: number },
  ) {
    this.before = opts.below !== undefined ? pad(opts.below) : undefined;
    this.pageSize = Math.max(16, opts.pageSize);
  }

  /** The next ticket, or undefined when the token has no more. */
  async head(): Promise<Hit | undefined> {
    while (!this.buf.length && this.more) await this.fill();
    return this.buf[0];
  }

  next(): void {
    this.buf.shift();
  }

  /**
   * About `n` more entries will be wanted: the next Query asks for that many at once (up to 1,000)
   * instead of growing its page round by round, so a round of candidates is one Query.
   */
  expect(n: number): void {
    if (this.buf.length < n) this.pageSize = Math.min(1_000, Math.max(this.pageSize, n - this.buf.length));
  }

  seek(id: number): void {
    while (this.buf.length && this.buf[0]!.id > id) this.buf.shift();
    if (!this.buf.length && this.more) {
      const at = pad(id + 1);
      if (this.before === undefined || at < this.before) this.before = at;
    }
  }

  private async fill(): Promise<void> {
    const out = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: this.before === undefined ? 'PK = :pk' : 'PK = :pk AND SK < :b',
        ExpressionAttributeValues: { ':pk': searchPartition(this.cid, this.token), ...(this.before === undefined ? {} : { ':b': this.before }) },
        ScanIndexForward: false,
        Limit: this.pageSize,
      }),
    );
    const items = out.Items ?? [];
    this.read += items.length;
    this.more = Boolean(out.LastEvaluatedKey);
    const hits: Hit[] = [];
    for (const i of items) {
      const [id, source] = String(i.SK).split('#');
      const n = Number(id);
      const last = hits[hits.length - 1];
      if (last?.id === n) last.sources.add(source as Source);
      else hits.push({ id: n, sources: new Set([source as Source]) });
    }
    // A ticket's two entries may straddle pages: its entries are read again with the next page.
    if (this.more && hits.length > 1) {
      const cut = hits.pop()!;
      this.before = `${pad(cut.id)}#~`;
    } else if (items.length) this.before = String(items[items.length - 1]!.SK);
    this.buf = hits;
    if (this.more && hits.length > 1) this.density = hits.length / (hits[0]!.id - hits[hits.length - 1]!.id + 1);
    this.pageSize = Math.min(1_000, this.pageSize * 4);
  }
}
