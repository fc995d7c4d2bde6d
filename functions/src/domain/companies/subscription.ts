import { COMPANY_NEVER_EXPIRES_ID, SUBSCRIPTION_WARNING_DAYS } from '@conversa/shared/constants';
import type { Company } from '../../adapters/db/companies';

const DAY = 86_400_000;

/** Today as YYYY-MM-DD (UTC). */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY);
}

/** A company is overdue once its due date is past; company 1 and companies with no due date never are. */
export function isOverdue(c: Pick<Company, 'id' | 'dueDate'>, now = new Date()): boolean {
  if (c.id === COMPANY_NEVER_EXPIRES_ID || !c.dueDate) return false;
  return c.dueDate < today(now);
}

/** Days left before the due date, for the 'fewer than 5 days' warning; undefined when not due. */
export function daysLeft(c: Pick<Company, 'id' | 'dueDate'>, now = new Date()): number | undefined {
  if (c.id === COMPANY_NEVER_EXPIRES_ID || !c.dueDate) return undefined;
  return Math.round((Date.parse(c.dueDate) - Date.parse(today(now))) / DAY);
}

export const warnSoon = (c: Pick<Company, 'id' | 'dueDate'>, now = new Date()): boolean => {
  const d = daysLeft(c, now);
  return d !== undefined && d >= 0 && d < SUBSCRIPTION_WARNING_DAYS;
};
