/**
 * Working hours (spec 2 §3 Schedule entry; BEHAVIOUR.md "Inbound message" step 9), in the
 * company's local time, America/Sao_Paulo (like the dashboard's days).
 *
 * - No entries at all: always open.
 * - A weekday without an entry, or with an empty start or end: closed all that day.
 * - Each entry opens [start, end) on its weekday; an end before the start runs past midnight into
 *   the next day; an end equal to the start opens nothing.
 */
import type { ScheduleEntry, WeekdayEn } from '@conversa/shared/schemas/queues';

export const TIME_ZONE = 'America/Sao_Paulo';

const WEEKDAY_OF_UTC_DAY: WeekdayEn[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const parts = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });

/** The zone's offset from UTC at an instant, in ms (São Paulo: -3 h). */
function offsetAt(ms: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant of a local wall-clock time (a local day as a UTC midnight plus minutes). */
function instantOf(localDayUtcMs: number, minutes: number): number {
  const wall = localDayUtcMs + minutes * MINUTE;
  const guess = wall - offsetAt(wall);
  return wall - offsetAt(guess);
}

/** The local day (as its UTC midnight) an instant falls on. */
function localDayOf(ms: number): number {
  const wall = ms + offsetAt(ms);
  return wall - (((wall % DAY) + DAY) % DAY);
}

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The open intervals [start, end) (ms) of the local days from `fromDay` to `toDay`. */
function openIntervals(schedules: ScheduleEntry[], fromDay: number, toDay: number): [number, number][] {
  const byDay = new Map(schedules.map((s) => [s.weekdayEn, s]));
  const out: [number, number][] = [];
  for (let day = fromDay; day <= toDay; day += DAY) {
    const entry = byDay.get(WEEKDAY_OF_UTC_DAY[new Date(day).getUTCDay()]!);
    if (!entry?.startTime || !entry.endTime) continue;
    const start = minutesOf(entry.startTime);
    const end = minutesOf(entry.endTime);
    if (end === start) continue;
    out.push([instantOf(day, start), instantOf(end > start ? day : day + DAY, end)]);
  }
  return out;
}

export function isOpen(schedules: ScheduleEntry[], at: Date): boolean {
  if (!schedules.length) return true;
  const t = at.getTime();
  const today = localDayOf(t);
  // Yesterday's entry may run past midnight into today.
  return openIntervals(schedules, today - DAY, today).some(([s, e]) => s <= t && t < e);
}

/**
 * When the closed window `at` falls in began: null when open; else the end of the last open
 * interval before `at`. A schedule that opens on no day at all has been closed forever: the epoch.
 */
export function closedSince(schedules: ScheduleEntry[], at: Date): Date | null {
  if (isOpen(schedules, at)) return null;
  const t = at.getTime();
  const today = localDayOf(t);
  // Every open weekday recurs within a week, so the last interval to end began at most 8 days ago.
  const ends = openIntervals(schedules, today - 8 * DAY, today)
    .map(([, e]) => e)
    .filter((e) => e <= t);
  return new Date(ends.length ? Math.max(...ends) : 0);
}
