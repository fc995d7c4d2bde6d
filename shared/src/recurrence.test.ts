import { describe, expect, it } from 'vitest';
import { addDaysTo, addMonths, daysBetween, dueDateColour, nextDueDate } from './recurrence';

describe('recurrence arithmetic', () => {
  it('clamps to the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 1)).toBe('2026-09-30');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });
  it('crosses year ends', () => {
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-12-15', 12)).toBe('2027-12-15');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
  });
  it('moves a due date by each recurrence', () => {
    expect(nextDueDate('2026-01-31', 'MENSAL')).toBe('2026-02-28');
    expect(nextDueDate('2026-01-31', 'BIMESTRAL')).toBe('2026-03-31');
    expect(nextDueDate('2026-05-31', 'TRIMESTRAL')).toBe('2026-08-31');
    expect(nextDueDate('2026-08-31', 'SEMESTRAL')).toBe('2027-02-28');
    expect(nextDueDate('2028-02-29', 'ANUAL')).toBe('2029-02-28');
  });
  it('counts days between calendar dates', () => {
    expect(addDaysTo('2026-02-25', 10)).toBe('2026-03-07');
    expect(daysBetween('2026-11-26', '2026-12-06')).toBe(10);
    expect(daysBetween('2026-11-26', '2026-11-20')).toBe(-6);
  });
  it('refuses what is not a date', () => {
    expect(() => addMonths('2026-1-31', 1)).toThrow(RangeError);
  });
});

describe('due-date colours', () => {
  const today = '2026-11-26';
  it('green when more than 5 days away', () => {
    expect(dueDateColour('2026-12-02', today)).toBe('green');
  });
  it('yellow from 1 to 5 days', () => {
    expect(dueDateColour('2026-12-01', today)).toBe('yellow');
    expect(dueDateColour('2026-11-27', today)).toBe('yellow');
  });
  it('red on the day and after', () => {
    expect(dueDateColour('2026-11-26', today)).toBe('red');
    expect(dueDateColour('2026-10-01', today)).toBe('red');
  });
});
