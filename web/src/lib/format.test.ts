import { describe, expect, it } from 'vitest';
import { daysBetween, formatBRL, formatDate, isoDate } from './format';

describe('formats', () => {
  it('dd/MM/yyyy without a time-zone shift', () => {
    expect(formatDate('2025-01-01')).toBe('01/01/2025');
    expect(formatDate(null)).toBe('');
  });
  it('BRL in pt-BR with 2 decimals', () => {
    expect(formatBRL(99).replace(/\s/g, ' ')).toBe('R$ 99,00');
    expect(formatBRL(1234.5).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
  });
  it('local ISO date and day differences', () => {
    expect(isoDate(new Date(2025, 0, 9))).toBe('2025-01-09');
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2025-03-10', '2025-03-09')).toBe(-1);
  });
});

describe('formatDateTimeShort (dd/MM/yy HH:mm)', () => {
  it('formats in local time, two-digit year', async () => {
    const { formatDateTimeShort } = await import('./format');
    expect(formatDateTimeShort(new Date(2025, 2, 7, 9, 5).toISOString())).toBe('07/03/25 09:05');
    expect(formatDateTimeShort('')).toBe('');
    expect(formatDateTimeShort('nope')).toBe('nope');
  });
});
