import { describe, expect, it } from 'vitest';
import { CONNECTION_STATUSES } from '@conversa/shared/channels';
import { ATTENTION_CHECK_DELAY_MS, needsAttention } from './attention';

describe('drawer attention badge (spec 1 §2)', () => {
  it('is on while any connection is qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING', () => {
    const on = CONNECTION_STATUSES.filter((status) => needsAttention([{ status }]));
    expect(on.sort()).toEqual(['DISCONNECTED', 'OPENING', 'PAIRING', 'TIMEOUT', 'qrcode'].sort());
  });
  it('is off when all are CONNECTED, when there are none, or before the list is known', () => {
    expect(needsAttention([{ status: 'CONNECTED' }, { status: 'CONNECTED' }])).toBe(false);
    expect(needsAttention([])).toBe(false);
    expect(needsAttention(undefined)).toBe(false);
  });
  it('one connection needing attention among connected ones is enough', () => {
    expect(needsAttention([{ status: 'CONNECTED' }, { status: 'TIMEOUT' }])).toBe(true);
  });
  it('is checked 2000 ms after load', () => {
    expect(ATTENTION_CHECK_DELAY_MS).toBe(2000);
  });
});
