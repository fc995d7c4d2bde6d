/**
 * Working-hours rows as the weekday editor shows them (spec 2 §3 Schedule entry, §5 '##:##'; spec 1
 * §9 step 10 minutes, defaults 00:00 and 23:59): seven rows, each open with a start and an end, or
 * closed (both empty). Used by the queue modal's hours tab and the Schedules tab of /settings.
 */
import { WEEKDAYS, type ScheduleEntry, type WeekdayEn } from '@conversa/shared/schemas/queues';

export const DEFAULT_START = '00:00';
export const DEFAULT_END = '23:59';
export const SCHEDULE_STEP_SECONDS = 600;

export type ScheduleRow = { weekdayEn: WeekdayEn; open: boolean; startTime: string; endTime: string };
export type ScheduleErrors = Partial<Record<WeekdayEn, string>>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The stored entries as seven rows. No entries at all means always open (the server's rule), shown
 * as every day 00:00–23:59; with entries, a weekday without one is closed.
 */
export function scheduleRows(stored: readonly ScheduleEntry[]): ScheduleRow[] {
  return WEEKDAYS.map(({ weekdayEn }) => {
    if (stored.length === 0) return { weekdayEn, open: true, startTime: DEFAULT_START, endTime: DEFAULT_END };
    const e = stored.find((s) => s.weekdayEn === weekdayEn);
    const open = Boolean(e && (e.startTime || e.endTime));
    return { weekdayEn, open, startTime: open ? e!.startTime : '', endTime: open ? e!.endTime : '' };
  });
}

/** Opening a closed day starts from the defaults. */
export function toggleRow(row: ScheduleRow, open: boolean): ScheduleRow {
  return open ? { ...row, open, startTime: row.startTime || DEFAULT_START, endTime: row.endTime || DEFAULT_END } : { ...row, open, startTime: '', endTime: '' };
}

/** An open day whose end is before its start runs past midnight (the server's rule). */
export const spansMidnight = (row: ScheduleRow): boolean => row.open && HHMM.test(row.startTime) && HHMM.test(row.endTime) && row.endTime < row.startTime;

/** Checks every open row has a start and an end in HH:MM, and builds the entries to send. */
export function buildSchedules(rows: readonly ScheduleRow[]): { ok: true; schedules: ScheduleEntry[] } | { ok: false; errors: ScheduleErrors } {
  const errors: ScheduleErrors = {};
  for (const r of rows) {
    if (!r.open) continue;
    if (!r.startTime || !r.endTime) errors[r.weekdayEn] = 'queues.hours.bothRequired';
    else if (!HHMM.test(r.startTime) || !HHMM.test(r.endTime)) errors[r.weekdayEn] = 'validation.invalidTime';
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const schedules = rows.map((r) => ({
    weekday: WEEKDAYS.find((w) => w.weekdayEn === r.weekdayEn)!.weekday,
    weekdayEn: r.weekdayEn,
    startTime: r.open ? r.startTime : '',
    endTime: r.open ? r.endTime : '',
  }));
  return { ok: true, schedules };
}
