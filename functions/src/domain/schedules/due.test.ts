import { describe, expect, it } from 'vitest';
import { dueKey } from '../../adapters/db/schedules';
import { delaySecondsUntil, dueMinute, minutesThrough, minutesToRead, nextMinute, nextRunAt } from './due';

describe('due minutes', () => {
  it('a send time falls in the partition of its UTC minute, whatever offset it was written with', () => {
    expect(dueMinute('2026-11-26T21:59:59.999-03:00')).toBe('2026-11-27T00:59');
    expect(dueKey({ companyId: 7, id: 12, sendAt: '2026-11-26T10:05:30.000Z' })).toEqual({ PK: 'P#DUE#SCHED#2026-11-26T10:05', SK: '2026-11-26T10:05:30.000Z#0000000007#0000000012' });
  });

  it('the minute after crosses hours, days and years', () => {
    expect(nextMinute('2026-12-31T23:59')).toBe('2027-01-01T00:00');
    expect(nextMinute('2026-11-26T10:05')).toBe('2026-11-26T10:06');
  });

  it('a tick reads every minute after its cursor through now, capped, oldest first', () => {
    const now = new Date('2026-11-26T10:05:20Z');
    expect(minutesToRead('2026-11-26T10:02', now, { max: 100, firstLookback: 60 })).toEqual(['2026-11-26T10:03', '2026-11-26T10:04', '2026-11-26T10:05']);
    expect(minutesToRead('2026-11-26T10:05', now, { max: 100, firstLookback: 60 })).toEqual([]);
    // An outage of a day: caught up `max` minutes a tick.
    const caught = minutesToRead('2026-11-25T10:05', now, { max: 240, firstLookback: 60 });
    expect(caught).toHaveLength(240);
    expect(caught[0]).toBe('2026-11-25T10:06');
    // No cursor yet: the last hour.
    const first = minutesToRead(undefined, now, { max: 1000, firstLookback: 60 });
    expect(first[0]).toBe('2026-11-26T09:05');
    expect(first.at(-1)).toBe('2026-11-26T10:05');
  });

  it('the minutes through one, oldest first (the re-read window behind the cursor)', () => {
    expect(minutesThrough('2026-11-27T00:01', 3)).toEqual(['2026-11-26T23:59', '2026-11-27T00:00', '2026-11-27T00:01']);
  });

  it('a job waits the seconds left to its time, none when due, at most 900', () => {
    const now = new Date('2026-11-26T10:05:20Z');
    expect(delaySecondsUntil('2026-11-26T10:05:50.200Z', now)).toBe(31);
    expect(delaySecondsUntil('2026-11-26T10:00:00Z', now)).toBe(0);
    expect(delaySecondsUntil('2026-11-27T10:00:00Z', now)).toBe(900);
  });
});

describe('next run of a recurring schedule', () => {
  const sendAt = '2026-11-26T21:15:00.000Z';
  it('none without recurrence', () => {
    expect(nextRunAt(sendAt, 0, new Date(sendAt))).toBeUndefined();
  });
  it('daysR days after the run that was due, at the same time of day', () => {
    expect(nextRunAt(sendAt, 7, new Date('2026-11-26T21:15:30Z'))).toBe('2026-12-03T21:15:00.000Z');
    expect(nextRunAt(sendAt, 1, new Date('2026-11-26T21:15:01Z'))).toBe('2026-11-27T21:15:00.000Z');
  });
  it('runs missed during an outage are skipped: the next one is in the future', () => {
    expect(nextRunAt(sendAt, 1, new Date('2026-11-29T22:00:00Z'))).toBe('2026-11-30T21:15:00.000Z');
    expect(nextRunAt(sendAt, 2, new Date('2026-11-28T21:15:00Z'))).toBe('2026-11-30T21:15:00.000Z');
  });
});
