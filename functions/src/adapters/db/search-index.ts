/**
 * The tickets search index (ACCESS_PATTERNS #71–#73), in blocks: one item per word prefix and
 * block of BLOCK consecutive ticket ids, `PK=C#<cid>#SRCH#<token>`, `SK=B#<block padded>`, holding
 * a bitmap per source (a bit per ticket id of the block, 128 bytes, stored trimmed when sparse): `t`, a message of the ticket
 * has a word with that prefix; `n`, the contact's name or number had one when it was indexed
 * (checked against the contact as it is when listed). `v` counts the item's writes.
 *
 * Why blocks: a search reads a word's tickets by id range, and a store's cost is per item read
 * (DynamoDB Local's most of all: 2,000 one-ticket items took 24 ms, 100 blocks 3 ms). A block
 * item is at most ~300 bytes whatever the word's density, so a word's tickets over 100,000 ticket ids are
 * at most 98 items, and a Query of them costs a few read units.
 *
 * Writes set bits only (read, merge, put conditioned on the version read: a concurrent writer's
 * bits are never lost, and setting a bit twice changes nothing, so a redelivered stream batch
 * writes nothing new). A block whose bits are all set already is not written.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, keyId, type Key } from './batch';
import { db, table } from './client';
import { pad } from './keys';

export type Source = 't' | 'n';
export type Entry = { token: string; ticketId: number; source: Source };
/** Ticket ids per block item. */
export const BLOCK = 1024;
const BYTES = BLOCK / 8;
/** The highest block number a key can name (10 digits). */
export const TOP_BLOCK = 9_999_999_999;

export const searchPartition = (cid: number, token: string) => `C#${cid}#SRCH#${token}`;
export const blockOf = (ticketId: number) => Math.floor(ticketId / BLOCK);
export const blockKey = (cid: number, token: string, block: number): Key => ({ PK: searchPartition(cid, token), SK: `B#${pad(block)}` });
const blockNumber = (sk: unknown) => Number(String(sk).slice(2));

/** A block as read: its number and a bitmap per source (absent: no ticket of the block from that source). */
export type Block = { block: number; t?: Uint8Array; n?: Uint8Array };

/** A block as stored: with the version its conditional writes check. */
type StoredBlock = Block & { v: number };

/** A bitmap of a block with no ticket set. */
export const emptyBitmap = () => new Uint8Array(BYTES);
const bitOf = (bits: Uint8Array | undefined, offset: number) => !!bits && (bits[offset >> 3]! & (1 << (offset & 7))) !== 0;
/** Sets ticket `ticketId`'s bit in its block's bitmap; answers whether it was unset. */
export function setBit(bits: Uint8Array, ticketId: number): boolean {
  const o = ticketId % BLOCK;
  if (bitOf(bits, o)) return false;
  bits[o >> 3]! |= 1 << (o & 7);
  return true;
}
/** The block's tickets (either source) among the eight of byte `byte`. */
const anyAt = (b: Block, byte: number) => (b.t?.[byte] ?? 0) | (b.n?.[byte] ?? 0);

/**
 * A bitmap as stored: whole, or, when shorter, its bytes from the first to the last that has a
 * ticket after one byte saying where they start. A word on a few tickets of the block (a contact's
 * number, an order number) stores a few bytes instead of 128. Stored lengths tell the forms apart:
 * 128 whole, 2–127 trimmed.
 */
export function packBits(bits: Uint8Array): Uint8Array {
  let first = 0;
  while (first < BYTES && !bits[first]) first++;
  let last = BYTES - 1;
  while (last > first && !bits[last]) last--;
  if (first === BYTES || last - first + 2 >= BYTES) return bits;
  const out = new Uint8Array(last - first + 2);
  out[0] = first;
  out.set(bits.subarray(first, last + 1), 1);
  return out;
}
function unpackBits(v: unknown): Uint8Array | undefined {
  if (!(v instanceof Uint8Array)) return undefined;
  if (v.length === BYTES) return v;
  if (v.length < 2 || v.length >= BYTES || v[0]! + v.length - 1 > BYTES) return undefined;
  const bits = emptyBitmap();
  bits.set(v.subarray(1), v[0]);
  return bits;
}
/** A block item as read from the table (either bitmap form), with its version. */
export const storedBlock = (i: Record<string, unknown>): StoredBlock => ({ block: blockNumber(i.SK), t: unpackBits(i.t), n: unpackBits(i.n), v: Number(i.v ?? 0) });

/** Whether `entry` is in the block read. */
export const hasEntry = (b: Block | undefined, e: Entry): boolean => bitOf(b?.[e.source], e.ticketId % BLOCK);

/** The blocks of these entries that exist, by key id (eventually consistent). */
export async function blocksOf(cid: number, entries: Entry[]): Promise<Map<string, StoredBlock>> {
  const found = await batchGet(entries.map((e) => blockKey(cid, e.token, blockOf(e.ticketId))));
  return new Map([...found].map(([id, i]) => [id, storedBlock(i)]));
}
export const blockId = (cid: number, e: Entry): string => keyId(blockKey(cid, e.token, blockOf(e.ticketId)));

const WRITERS = 8;
const isConflict = (err: unknown) => (err as { name?: string }).name === 'ConditionalCheckFailedException';

/**
 * Sets the entries' bits (answers how many were not set yet): one conditional put per block that
 * changes, a few at once. `known`: blocks already read (blocksOf), so they are not read again; a
 * block that changed since is read again (consistently) and merged anew.
 */
export async function putEntries(cid: number, entries: Entry[], known?: Map<string, StoredBlock>): Promise<number> {
  const groups = new Map<string, { token: string; block: number; entries: Entry[] }>();
  for (const e of entries) {
    const id = blockId(cid, e);
    const g = groups.get(id) ?? { token: e.token, block: blockOf(e.ticketId), entries: [] };
    g.entries.push(e);
    groups.set(id, g);
  }
  const current = known ?? (await blocksOf(cid, entries));
  const list = [...groups];
  let next = 0;
  let written = 0;
  const worker = async () => {
    while (next < list.length) {
      const [id, g] = list[next++]!;
      let cur = current.get(id);
      for (let attempt = 0; ; attempt++) {
        // Copies of the bitmaps as read (a source without tickets is not written).
        const bits = { t: cur?.t && new Uint8Array(cur.t), n: cur?.n && new Uint8Array(cur.n) };
        let added = 0;
        for (const e of g.entries) if (setBit((bits[e.source] ??= emptyBitmap()), e.ticketId)) added++;
        if (!added) break;
        const key = blockKey(cid, g.token, g.block);
        const v = cur?.v ?? 0;
        try {
          await db().send(
            new PutCommand({
              TableName: table(),
              Item: { ...key, ...(bits.t ? { t: packBits(bits.t) } : {}), ...(bits.n ? { n: packBits(bits.n) } : {}), v: v + 1 },
              ConditionExpression: cur ? 'v = :v' : 'attribute_not_exists(PK)',
              ...(cur ? { ExpressionAttributeValues: { ':v': v } } : {}),
            }),
          );
          written += added;
          break;
        } catch (err) {
          if (!isConflict(err) || attempt >= 8) throw err;
          const again = await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
          cur = again.Item ? storedBlock(again.Item) : undefined;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(WRITERS, list.length) }, worker));
  return written;
}

/** Most blocks one Query asks for (~300 bytes each: well under DynamoDB's 1 MB a response). */
export const MAX_SPAN = 2_000;

/**
 * One token's blocks, highest first, read a range at a time. `covered`: every block of the token
 * from `covered` up to where the reader started has been read (into `buf`, or dropped by `seek`).
 */
export class BlockReader {
  buf: Block[] = [];
  covered: number;
  /** Block items read so far (the caller's budget). */
  read = 0;
  /** Tickets of the token in the blocks read (for its density). */
  private tickets = 0;
  /** The highest ticket id read. */
  private highestId: number | undefined;

  constructor(
    private readonly cid: number,
    readonly token: string,
    top: number,
  ) {
    this.covered = top + 1;
  }

  /** Tickets per ticket id over the blocks read (undefined before any). */
  get density(): number | undefined {
    if (this.highestId === undefined || !this.tickets) return undefined;
    return Math.min(1, this.tickets / (this.highestId - this.covered * BLOCK + 1));
  }

  /** Drops the buffered blocks above `hi`. */
  seek(hi: number): void {
    while (this.buf.length && this.buf[0]!.block > hi) this.buf.shift();
  }

  /** The highest buffered block at or below `hi`, if the reader has covered it. */
  highest(hi: number): number {
    const b = this.buf.find((x) => x.block <= hi);
    return b ? b.block : this.covered - 1;
  }

  /** Reads up to `span` blocks from `hi` down (one Query). */
  async readFrom(hi: number, span: number): Promise<void> {
    const limit = Math.max(1, Math.min(MAX_SPAN, span));
    const out = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :lo AND :hi',
        ExpressionAttributeValues: { ':pk': searchPartition(this.cid, this.token), ':lo': `B#${pad(0)}`, ':hi': `B#${pad(hi)}` },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    const blocks = (out.Items ?? []).map(storedBlock);
    this.read += blocks.length;
    for (const b of blocks) this.tickets += count(b);
    if (blocks.length && this.highestId === undefined) this.highestId = highestOf(blocks[0]!);
    this.buf = [...this.buf.filter((b) => b.block > hi), ...blocks];
    this.covered = out.LastEvaluatedKey ? blockNumber(out.LastEvaluatedKey.SK) : 0;
  }
}

/** The highest ticket id in a block. */
function highestOf(b: Block): number {
  for (let byte = BYTES - 1; byte >= 0; byte--) {
    const x = anyAt(b, byte);
    if (x) return b.block * BLOCK + byte * 8 + 31 - Math.clz32(x);
  }
  return b.block * BLOCK;
}

/** Tickets in a block (bits set in either bitmap). */
function count(b: Block): number {
  let c = 0;
  for (let i = 0; i < BYTES; i++) {
    let x = anyAt(b, i);
    while (x) {
      x &= x - 1;
      c++;
    }
  }
  return c;
}

/** A ticket every word has: its id and, per word, the sources it was indexed from. */
export type Match = { id: number; sources: Set<Source>[] };

/**
 * The tickets every block has (one block per word, all of the same number), highest id first,
 * with each word's sources, below ticket `below` when given.
 */
export function intersect(blocks: Block[], below?: number): Match[] {
  const base = blocks[0]!.block * BLOCK;
  const out: Match[] = [];
  for (let byte = BYTES - 1; byte >= 0; byte--) {
    let all = 0xff;
    for (const b of blocks) all &= anyAt(b, byte);
    if (!all) continue;
    for (let bit = 7; bit >= 0; bit--) {
      if (!(all & (1 << bit))) continue;
      const o = byte * 8 + bit;
      const id = base + o;
      if (below !== undefined && id >= below) continue;
      out.push({ id, sources: blocks.map((b) => new Set<Source>([...(bitOf(b.t, o) ? ['t' as const] : []), ...(bitOf(b.n, o) ? ['n' as const] : [])])) });
    }
  }
  return out;
}
