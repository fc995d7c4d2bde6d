import { describe, expect, it } from 'vitest';
import { WEEKDAYS, type ScheduleEntry, type WeekdayEn } from '@conversa/shared/schemas/queues';
import { closedSince, isOpen } from './working-hours';

const entry = (weekdayEn: WeekdayEn, startTime: string, endTime: string): ScheduleEntry => ({ weekday: WEEKDAYS.find((w) => w.weekdayEn === weekdayEn)!.weekday, weekdayEn, startTime, endTime });
/** A São Paulo wall-clock time (UTC-3 since 2019) as an instant. */
const sp = (local: string) => new Date(`${local}-03:00`);

// 2025-06-02 is a Monday.
const weekdays = (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((d) => entry(d, '08:00', '18:00'));

describe('isOpen', () => {
  it('no schedules at all: always open', () => {
    expect(isOpen([], sp('2025-06-01T03:00:00'))).toBe(true);
  });

  it('open from the start minute up to (not including) the end minute, in São Paulo time', () => {
    expect(isOpen(weekdays, sp('2025-06-02T07:59:59'))).toBe(false);
    expect(isOpen(weekdays, sp('2025-06-02T08:00:00'))).toBe(true);
    expect(isOpen(weekdays, sp('2025-06-02T17:59:00'))).toBe(true);
    expect(isOpen(weekdays, sp('2025-06-02T18:00:00'))).toBe(false);
    // 10:00 UTC is 07:00 in São Paulo: still closed.
    expect(isOpen(weekdays, new Date('2025-06-02T10:00:00Z'))).toBe(false);
    expect(isOpen(weekdays, new Date('2025-06-02T11:00:00Z'))).toBe(true);
  });

  it('a weekday without an entry, or with empty times, is closed all day', () => {
    expect(isOpen(weekdays, sp('2025-06-07T12:00:00'))).toBe(false); // Saturday: no entry
    const emptyFriday = [...weekdays.slice(0, 4), entry('friday', '', '')];
    expect(isOpen(emptyFriday, sp('2025-06-06T12:00:00'))).toBe(false);
    expect(isOpen(emptyFriday, sp('2025-06-05T12:00:00'))).toBe(true);
    expect(isOpen([entry('friday', '08:00', '')], sp('2025-06-06T12:00:00'))).toBe(false);
  });

  it('an end before the start runs past midnight into the next day', () => {
    const nights = [entry('friday', '22:00', '02:00')];
    expect(isOpen(nights, sp('2025-06-06T21:59:00'))).toBe(false);
    expect(isOpen(nights, sp('2025-06-06T23:30:00'))).toBe(true);
    expect(isOpen(nights, sp('2025-06-07T01:59:00'))).toBe(true); // Saturday, early
    expect(isOpen(nights, sp('2025-06-07T02:00:00'))).toBe(false);
    expect(isOpen(nights, sp('2025-06-06T01:00:00'))).toBe(false); // Friday early: Thursday has no night
  });

  it('follows the zone, not a fixed offset (Brazil kept summer time until 2019: UTC-2 in January 2019)', () => {
    // Monday 2019-01-07 08:00 in São Paulo was 10:00 UTC.
    expect(isOpen(weekdays, new Date('2019-01-07T09:59:00Z'))).toBe(false);
    expect(isOpen(weekdays, new Date('2019-01-07T10:00:00Z'))).toBe(true);
  });
});

describe('closedSince', () => {
  it('null while open', () => {
    expect(closedSince(weekdays, sp('2025-06-02T09:00:00'))).toBeNull();
    expect(closedSince([], sp('2025-06-02T03:00:00'))).toBeNull();
  });

  it('the end of the last open interval: the same window all night and over the weekend', () => {
    expect(closedSince(weekdays, sp('2025-06-02T19:00:00'))).toEqual(sp('2025-06-02T18:00:00'));
    expect(closedSince(weekdays, sp('2025-06-03T07:00:00'))).toEqual(sp('2025-06-02T18:00:00'));
    // Friday 18:00 until Monday 08:00 is one window.
    expect(closedSince(weekdays, sp('2025-06-07T12:00:00'))).toEqual(sp('2025-06-06T18:00:00'));
    expect(closedSince(weekdays, sp('2025-06-09T07:59:00'))).toEqual(sp('2025-06-06T18:00:00'));
    // A new window once the next one closes.
    expect(closedSince(weekdays, sp('2025-06-09T18:00:00'))).toEqual(sp('2025-06-09T18:00:00'));
  });

  it('one open day a week: the window began up to a week ago', () => {
    const mondays = [entry('monday', '08:00', '12:00')];
    expect(closedSince(mondays, sp('2025-06-09T07:00:00'))).toEqual(sp('2025-06-02T12:00:00'));
  });

  it('a window closing after midnight', () => {
    const nights = [entry('friday', '22:00', '02:00')];
    expect(closedSince(nights, sp('2025-06-07T10:00:00'))).toEqual(sp('2025-06-07T02:00:00'));
  });

  it('schedules that open on no day: closed since ever (the epoch)', () => {
    const closed = WEEKDAYS.map((w) => entry(w.weekdayEn, '', ''));
    expect(isOpen(closed, sp('2025-06-02T12:00:00'))).toBe(false);
    expect(closedSince(closed, sp('2025-06-02T12:00:00'))).toEqual(new Date(0));
  });
});
