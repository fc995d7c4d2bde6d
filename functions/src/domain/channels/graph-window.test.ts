import { describe, expect, it } from 'vitest';
import { replyWindow } from './graph-window';

describe('replyWindow', () => {
  const last = new Date('2025-03-10T12:00:00.000Z');

  it('is closed when the customer never wrote', () => {
    expect(replyWindow(undefined, last)).toEqual({ open: false });
    expect(replyWindow(new Date('nonsense'), last)).toEqual({ open: false });
  });

  it('is open for 24 hours after the last customer message and says when it closes', () => {
    expect(replyWindow(last, new Date('2025-03-10T12:00:00.000Z'))).toEqual({ open: true, closesAt: '2025-03-11T12:00:00.000Z' });
    expect(replyWindow(last, new Date('2025-03-11T11:59:59.999Z')).open).toBe(true);
  });

  it('closes exactly 24 hours later and stays closed', () => {
    expect(replyWindow(last, new Date('2025-03-11T12:00:00.000Z'))).toEqual({ open: false, closesAt: '2025-03-11T12:00:00.000Z' });
    expect(replyWindow(last, new Date('2025-04-01T00:00:00.000Z')).open).toBe(false);
  });
});
