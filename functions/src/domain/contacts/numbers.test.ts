import { describe, expect, it } from 'vitest';
import { canonicalNumber, identityKey, ninthDigitVariants } from './numbers';

describe('contact numbers', () => {
  it('Brazilian mobiles with and without the ninth digit share one key', () => {
    expect(canonicalNumber('5511987654321')).toBe('551187654321');
    expect(canonicalNumber('551187654321')).toBe('551187654321');
    expect(canonicalNumber('+55 (11) 98765-4321')).toBe('551187654321');
    expect(ninthDigitVariants('551187654321')).toEqual(['551187654321', '5511987654321']);
  });
  it('other numbers, groups and page ids stay as they are', () => {
    expect(canonicalNumber('14155550123')).toBe('14155550123');
    expect(identityKey('sandbox', '5511987654321', false)).toBe('551187654321');
    expect(identityKey('whatsapp', '120363025@g.us', true)).toBe('group:120363025@g.us');
    expect(identityKey('whatsapp', '1234567@lid', false)).toBe('id:1234567@lid');
    expect(identityKey('facebook', '998877', false)).toBe('facebook:998877');
  });
});
