import { describe, expect, it } from 'vitest';
import { replyWindow } from './reply-window';

describe('replyWindow', () => {
  const last = '2025-03-10T12:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('does not apply to WhatsApp or the sandbox', () => {
    expect(replyWindow('whatsapp', last, at(last))).toEqual({ kind: 'none' });
    expect(replyWindow('sandbox', null, at(last))).toEqual({ kind: 'none' });
  });

  it('waits while the customer never wrote (or their time cannot be read)', () => {
    for (const channel of ['wppoficial', 'facebook', 'instagram']) expect(replyWindow(channel, null, at(last))).toEqual({ kind: 'waiting' });
    expect(replyWindow('wppoficial', undefined, at(last))).toEqual({ kind: 'waiting' });
    expect(replyWindow('wppoficial', 'nonsense', at(last))).toEqual({ kind: 'waiting' });
  });

  it('is open for 24 hours after the last customer message and says when it closes', () => {
    expect(replyWindow('wppoficial', last, at(last))).toEqual({ kind: 'open', msLeft: 24 * 3600_000, closesAt: new Date('2025-03-11T12:00:00.000Z') });
    expect(replyWindow('instagram', last, at('2025-03-11T11:59:59.999Z'))).toMatchObject({ kind: 'open', msLeft: 1 });
  });

  it('closes exactly 24 hours later and stays closed', () => {
    expect(replyWindow('facebook', last, at('2025-03-11T12:00:00.000Z'))).toEqual({ kind: 'closed', closedAt: new Date('2025-03-11T12:00:00.000Z') });
    expect(replyWindow('wppoficial', last, at('2025-04-01T00:00:00.000Z')).kind).toBe('closed');
  });
});
