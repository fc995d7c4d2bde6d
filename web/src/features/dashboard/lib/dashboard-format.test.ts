import { describe, expect, it } from 'vitest';
import { chartColors, dayBars, formatHoursMinutes, normaliseRange, splitMinutes, todayRange, userBars } from './dashboard-format';

describe('hours and minutes (spec 1 §9)', () => {
  it('splits and formats minutes', () => {
    expect(splitMinutes(0)).toEqual({ hours: 0, minutes: 0 });
    expect(splitMinutes(59.6)).toEqual({ hours: 1, minutes: 0 });
    expect(splitMinutes(125)).toEqual({ hours: 2, minutes: 5 });
    expect(formatHoursMinutes(65)).toBe('1h 05min');
    expect(formatHoursMinutes(1500)).toBe('25h 00min');
  });
  it('shows zero for negative or missing averages', () => {
    expect(formatHoursMinutes(-3)).toBe('0h 00min');
    expect(formatHoursMinutes(Number.NaN)).toBe('0h 00min');
  });
});

describe('ranges', () => {
  it('defaults to the current day and swaps a reversed range', () => {
    expect(todayRange(new Date('2024-01-31T23:59:00-03:00'))).toEqual({ from: '2024-01-31', to: '2024-01-31' });
    // 00:30 UTC is still the evening before in São Paulo, where the server counts the days.
    expect(todayRange(new Date('2024-02-01T00:30:00Z'))).toEqual({ from: '2024-01-31', to: '2024-01-31' });
    expect(normaliseRange({ from: '2024-02-10', to: '2024-02-01' })).toEqual({ from: '2024-02-01', to: '2024-02-10' });
  });
});

describe('chart rows', () => {
  it('orders users by tickets', () => {
    expect(userBars({ data: [{ userId: 1, name: 'Ana', quantidade: 2 }, { userId: 2, name: 'Bia', quantidade: 5 }], count: 7 })).toEqual([
      { label: 'Bia', total: 5 },
      { label: 'Ana', total: 2 },
    ]);
    expect(userBars(undefined)).toEqual([]);
  });
  it('labels days as dd/MM/yyyy and hours as HH:00, in order', () => {
    expect(dayBars({ data: [{ date: '2024-03-02', total: 1 }, { date: '2024-03-01', total: 4 }], count: 5 })).toEqual([
      { label: '01/03/2024', total: 4 },
      { label: '02/03/2024', total: 1 },
    ]);
    expect(dayBars({ data: [{ horario: '14', total: 2 }, { horario: '09', total: 1 }], count: 3 }).map((r) => r.label)).toEqual(['09:00', '14:00']);
  });
  it('uses dark grid and axis colours in dark mode', () => {
    expect(chartColors('dark', '#007fad').axis).not.toBe(chartColors('light', '#007fad').axis);
  });
});
