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

import { needsResort, RESORT_AFTER_MS } from '../../adapters/db/tickets';

describe('ticket list re-sorting', () => {
  it('moves a ticket at most once a minute', () => {
    const t = { updatedAt: '2026-11-22T10:00:00.000Z', sortedAt: '2026-11-22T10:00:00.000Z' };
    expect(needsResort(t, '2026-11-22T10:00:30.000Z')).toBe(false);
    expect(needsResort(t, new Date(Date.parse(t.sortedAt) + RESORT_AFTER_MS).toISOString())).toBe(true);
    expect(needsResort({ updatedAt: 'garbage' }, '2026-11-22T10:00:30.000Z')).toBe(true);
  });
});
