/**
 * Subscription dates (spec 2 §2 "Companies list", §9; BEHAVIOUR.md "Billing"): the months a
 * recurrence adds to a due date, and the due-date colour of the companies list. Dates are
 * calendar days, YYYY-MM-DD, with no time zone.
 */
import { RECURRENCE_MONTHS, type Recurrence } from './constants';

const DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): [number, number, number] {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const iso = (y: number, m: number, d: number): string =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

const daysInMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * `date` plus `months` calendar months; a day the target month lacks becomes its last day
 * (31 Jan + 1 month = 28 or 29 Feb; 31 Aug + 1 month = 30 Sep), never a day of the month after.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  return iso(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

/** The next due date after paying, or after '+ Vencimento': the recurrence's months later. */
export const nextDueDate = (dueDate: string, recurrence: Recurrence): string => addMonths(dueDate, RECURRENCE_MONTHS[recurrence]);

/** `date` plus `days` days. */
export function addDaysTo(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / DAY);
}

export type DueColour = 'green' | 'yellow' | 'red';

/** The companies list's due-date colour: more than 5 days away green, 1 to 5 yellow, 0 or past red. */
export function dueDateColour(dueDate: string, today: string): DueColour {
  const left = daysBetween(today, dueDate);
  if (left > 5) return 'green';
  if (left >= 1) return 'yellow';
  return 'red';
}
