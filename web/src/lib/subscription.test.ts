import { describe, expect, it } from 'vitest';
import { isOverdue, warningDaysLeft } from './subscription';

describe('subscription rules (spec 1 §4, §9)', () => {
  const c = (dueDate: string | null, id = 5) => ({ id, dueDate });

  it('overdue only strictly after the due date', () => {
    expect(isOverdue(c('2025-03-09'), '2025-03-10')).toBe(true);
    expect(isOverdue(c('2025-03-10'), '2025-03-10')).toBe(false);
    expect(isOverdue(c('2025-03-10T00:00:00.000Z'), '2025-03-11')).toBe(true);
    expect(isOverdue(c(null), '2025-03-10')).toBe(false);
    expect(isOverdue(c('2000-01-01', 1), '2025-03-10')).toBe(false);
  });

  it('warns when fewer than 5 days remain', () => {
    expect(warningDaysLeft(c('2025-03-10'), '2025-03-10')).toBe(0);
    expect(warningDaysLeft(c('2025-03-14'), '2025-03-10')).toBe(4);
    expect(warningDaysLeft(c('2025-03-15'), '2025-03-10')).toBeUndefined();
    expect(warningDaysLeft(c('2025-03-09'), '2025-03-10')).toBeUndefined();
    expect(warningDaysLeft(c('2025-03-12', 1), '2025-03-10')).toBeUndefined();
    expect(warningDaysLeft(c('2025-03-01'), '2025-02-27')).toBe(2); // across a month end
  });
});
