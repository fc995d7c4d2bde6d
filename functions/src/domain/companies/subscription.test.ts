import { describe, expect, it } from 'vitest';
import { daysLeft, isOverdue, warnSoon } from './subscription';

const now = new Date('2026-11-22T12:00:00Z');

describe('subscription', () => {
  it('a past due date is overdue; today is not', () => {
    expect(isOverdue({ id: 5, dueDate: '2026-11-21' }, now)).toBe(true);
    expect(isOverdue({ id: 5, dueDate: '2026-11-22' }, now)).toBe(false);
  });
  it('company 1 and companies without a due date never expire', () => {
    expect(isOverdue({ id: 1, dueDate: '2000-01-01' }, now)).toBe(false);
    expect(isOverdue({ id: 5, dueDate: null }, now)).toBe(false);
  });
  it('warns with fewer than 5 days left', () => {
    expect(daysLeft({ id: 5, dueDate: '2026-11-26' }, now)).toBe(4);
    expect(warnSoon({ id: 5, dueDate: '2026-11-26' }, now)).toBe(true);
    expect(warnSoon({ id: 5, dueDate: '2026-11-27' }, now)).toBe(false);
  });
});
