import { describe, expect, it } from 'vitest';
import { itemSize, valueSize, writeUnits } from './item-size';

// Expectations from the rules of the developer guide ("Item sizes and formats").
describe('itemSize', () => {
  it('counts names and scalar values', () => {
    // "Name" 4 + "Fred" 4; "Age" 3 + 2 significant digits (1 byte) + 1; "Ok" 2 + 1; "N" 1 + 1.
    expect(itemSize({ Name: { S: 'Fred' }, Age: { N: '42' }, Ok: { BOOL: true }, N: { NULL: true } })).toBe(8 + 5 + 3 + 2);
    // UTF-8 bytes, not characters: "ção" is 5 bytes.
    expect(itemSize({ s: { S: 'ção' } })).toBe(1 + 5);
  });
  it('trims leading and trailing zeros of numbers', () => {
    expect(valueSize({ N: '1000' })).toBe(2); // one significant digit
    expect(valueSize({ N: '0.00123' })).toBe(3); // 123: two bytes + 1
    expect(valueSize({ N: '-12345' })).toBe(4); // 5 digits: 3 bytes + 1
    expect(valueSize({ N: '0' })).toBe(2);
  });
  it('adds 3 bytes per list or map and 1 per element', () => {
    expect(itemSize({ L: { L: [] } })).toBe(1 + 3);
    expect(itemSize({ M: { M: {} } })).toBe(1 + 3);
    // [ "ab", 7 ]: 3 + (1 + 2) + (1 + 2)
    expect(valueSize({ L: [{ S: 'ab' }, { N: '7' }] })).toBe(9);
    // { k: "v" }: 3 + 1 + 1 + 1
    expect(valueSize({ M: { k: { S: 'v' } } })).toBe(6);
  });
  it('sums sets and counts binary by raw bytes', () => {
    expect(valueSize({ SS: ['a', 'bc'] })).toBe(3);
    expect(valueSize({ B: new Uint8Array(10) })).toBe(10);
  });
  it('bills a write unit per KB started', () => {
    expect([writeUnits(0), writeUnits(100), writeUnits(1024), writeUnits(1025), writeUnits(3000)]).toEqual([1, 1, 1, 2, 3]);
  });
});
