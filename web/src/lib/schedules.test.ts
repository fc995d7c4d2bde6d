import { describe, expect, it } from 'vitest';
import { buildSchedules, scheduleRows, spansMidnight, toggleRow } from './schedules';

describe('schedule rows', () => {
  it('no stored entries (always open) shows every day 00:00–23:59', () => {
    const rows = scheduleRows([]);
    expect(rows.map((r) => r.weekdayEn)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(rows.every((r) => r.open && r.startTime === '00:00' && r.endTime === '23:59')).toBe(true);
  });

  it('with entries, a missing or empty weekday is closed', () => {
    const rows = scheduleRows([
      { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
      { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '', endTime: '' },
    ]);
    expect(rows[0]).toEqual({ weekdayEn: 'monday', open: true, startTime: '08:00', endTime: '18:00' });
    expect(rows[1]).toMatchObject({ weekdayEn: 'tuesday', open: false, startTime: '' });
    expect(rows[6]).toMatchObject({ weekdayEn: 'sunday', open: false });
  });

  it('opening a closed day starts at the defaults; closing empties it', () => {
    const closed = { weekdayEn: 'monday' as const, open: false, startTime: '', endTime: '' };
    expect(toggleRow(closed, true)).toMatchObject({ open: true, startTime: '00:00', endTime: '23:59' });
    expect(toggleRow({ ...closed, open: true, startTime: '08:00', endTime: '12:00' }, false)).toMatchObject({ startTime: '', endTime: '' });
  });

  it('builds seven entries with the Portuguese weekday names; open days need start and end', () => {
    const rows = scheduleRows([]).map((r, i) => (i === 6 ? toggleRow(r, false) : r));
    const ok = buildSchedules(rows);
    expect(ok.ok && ok.schedules[0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '00:00', endTime: '23:59' });
    expect(ok.ok && ok.schedules[6]).toEqual({ weekday: 'Domingo', weekdayEn: 'sunday', startTime: '', endTime: '' });
    const bad = buildSchedules(rows.map((r, i) => (i === 0 ? { ...r, endTime: '' } : i === 1 ? { ...r, startTime: '25:00' } : r)));
    expect(bad).toEqual({ ok: false, errors: { monday: 'queues.hours.bothRequired', tuesday: 'validation.invalidTime' } });
  });

  it('an end before the start runs past midnight', () => {
    expect(spansMidnight({ weekdayEn: 'friday', open: true, startTime: '22:00', endTime: '02:00' })).toBe(true);
    expect(spansMidnight({ weekdayEn: 'friday', open: true, startTime: '08:00', endTime: '18:00' })).toBe(false);
  });
});
