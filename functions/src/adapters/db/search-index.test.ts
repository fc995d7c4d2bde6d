import { describe, expect, it } from 'vitest';
import { blockKey, blockOf, emptyBitmap, hasEntry, intersect, setBit, type Block } from './search-index';

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
