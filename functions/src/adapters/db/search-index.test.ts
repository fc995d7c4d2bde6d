import { describe, expect, it } from 'vitest';
import { blockKey, blockOf, emptyBitmap, hasEntry, intersect, packBits, setBit, storedBlock, type Block } from './search-index';

/** A block with these ticket ids set under `t` and `n`. */
function block(no: number, t: number[], n: number[] = []): Block {
  const bits = (ids: number[]) => {
    if (!ids.length) return undefined;
    const b = emptyBitmap();
    for (const id of ids) setBit(b, id);
    return b;
  };
  return { block: no, t: bits(t), n: bits(n) };
}

describe('search index blocks', () => {
  it('keys a ticket by its block of 1,024 ids', () => {
    expect(blockOf(0)).toBe(0);
    expect(blockOf(1023)).toBe(0);
    expect(blockOf(1024)).toBe(1);
    expect(blockKey(7, 'maria', blockOf(5000))).toEqual({ PK: 'C#7#SRCH#maria', SK: 'B#0000000004' });
  });

  it('sets a bit once', () => {
    const b = emptyBitmap();
    expect(setBit(b, 1029)).toBe(true);
    expect(setBit(b, 1029)).toBe(false);
    expect(hasEntry({ block: 1, t: b }, { token: 'x', ticketId: 1029, source: 't' })).toBe(true);
    expect(hasEntry({ block: 1, t: b }, { token: 'x', ticketId: 1028, source: 't' })).toBe(false);
  });

  it('stores a sparse bitmap trimmed to the bytes that have tickets, and reads either form back whole', () => {
    const bits = (ids: number[]) => block(0, ids).t!;
    const roundTrip = (b: Uint8Array) => storedBlock({ SK: 'B#0000000000', t: packBits(b), v: 1 }).t;
    // One ticket: its byte and where it is (2 bytes instead of 128).
    for (const id of [0, 500, 1023]) {
      expect(packBits(bits([id]))).toHaveLength(2);
      expect(roundTrip(bits([id]))).toEqual(bits([id]));
    }
    expect(packBits(bits([8, 1000]))).toHaveLength(1 + 125 - 1 + 1);
    // Trimmed only when shorter: bytes 0 to 125 take 126 + 1; bytes 0 to 126 would take 128, so the whole bitmap is stored.
    expect(packBits(bits([0, 125 * 8]))).toHaveLength(127);
    expect(roundTrip(bits([0, 125 * 8]))).toEqual(bits([0, 125 * 8]));
    expect(packBits(bits([0, 126 * 8]))).toHaveLength(128);
    const dense = bits(Array.from({ length: 1024 }, (_, i) => i).filter((i) => i % 3 === 0));
    expect(packBits(dense)).toBe(dense);
    expect(roundTrip(dense)).toEqual(dense);
    // Blocks written before trimming (always 128 bytes) read as they were; a malformed value reads as no tickets.
    expect(storedBlock({ SK: 'B#0000000003', t: bits([7]), n: new Uint8Array([200, 1]), v: 4 })).toEqual({ block: 3, t: bits([7]), n: undefined, v: 4 });
  });

  it('tells which source a ticket has under a token', () => {
    const b = block(2, [2048, 2050], [2050, 3071]);
    expect(hasEntry(b, { token: 'x', ticketId: 2048, source: 't' })).toBe(true);
    expect(hasEntry(b, { token: 'x', ticketId: 2048, source: 'n' })).toBe(false);
    expect(hasEntry(b, { token: 'x', ticketId: 3071, source: 'n' })).toBe(true);
    expect(hasEntry(b, { token: 'x', ticketId: 2049, source: 't' })).toBe(false);
    expect(hasEntry(undefined, { token: 'x', ticketId: 2048, source: 't' })).toBe(false);
  });

  it('intersects the blocks of one number: the tickets every word has, highest first, with each word’s sources', () => {
    const maria = block(1, [1024, 1030, 1500, 2047], [1030]);
    const silva = block(1, [1500], [1030, 1031, 2047, 1024]);
    expect(intersect([maria, silva])).toEqual([
      { id: 2047, sources: [new Set(['t']), new Set(['n'])] },
      { id: 1500, sources: [new Set(['t']), new Set(['t'])] },
      { id: 1030, sources: [new Set(['t', 'n']), new Set(['n'])] },
      { id: 1024, sources: [new Set(['t']), new Set(['n'])] },
    ]);
    // Below a cursor: only lower ids.
    expect(intersect([maria, silva], 1500).map((m) => m.id)).toEqual([1030, 1024]);
    expect(intersect([maria, block(1, [1025])])).toEqual([]);
  });
});
