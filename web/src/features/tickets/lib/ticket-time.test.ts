import { describe, expect, it } from 'vitest';
import { TICKET_WAIT_WARNING_MS } from '@conversa/shared/constants';
import { listTime, minutesWaiting, waitingTooLong } from './ticket-time';

describe('listTime', () => {
  const now = new Date(2025, 4, 20, 15, 30);
  it('HH:mm on the same day, dd/MM/yyyy otherwise', () => {
    expect(listTime(new Date(2025, 4, 20, 9, 5).toISOString(), now)).toBe('09:05');
    expect(listTime(new Date(2025, 4, 19, 23, 59).toISOString(), now)).toBe('19/05/2025');
    expect(listTime(new Date(2024, 4, 20, 9, 5).toISOString(), now)).toBe('20/05/2024');
    expect(listTime('', now)).toBe('');
    expect(listTime('garbage', now)).toBe('');
  });
});

describe('waitingTooLong', () => {
  const at = Date.parse('2025-01-01T10:00:00.000Z');
  const t = { status: 'pending' as const, queuedAt: '2025-01-01T10:00:00.000Z', updatedAt: '2025-01-01T10:00:00.000Z' };
  it('warns only after more than 5 minutes pending', () => {
    expect(waitingTooLong(t, at + TICKET_WAIT_WARNING_MS)).toBe(false);
    expect(waitingTooLong(t, at + TICKET_WAIT_WARNING_MS + 1)).toBe(true);
    expect(waitingTooLong({ ...t, status: 'open' }, at + 3_600_000)).toBe(false);
    expect(minutesWaiting(t, at + 7.5 * 60_000)).toBe(7);
  });
});
