/**
 * The clock arithmetic of scheduled messages: due minutes (the due partitions' names), the
 * minutes a tick reads, a job's queue delay, and a recurring schedule's next run.
 */
import { dueMinute } from '../../adapters/db/schedules';

export { dueMinute };

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The minute after `minute` (`YYYY-MM-DDTHH:MM`, UTC). */
export const nextMinute = (minute: string): string => new Date(Date.parse(`${minute}:00.000Z`) + MINUTE).toISOString().slice(0, 16);

/**
 * The minutes a tick at `now` reads: from the one after `done` (the cursor; absent = the last
 * `firstLookback` minutes) through now's minute, at most `max` of them (a long outage is caught
 * up over several ticks, oldest first).
 */
export function minutesToRead(done: string | undefined, now: Date, opts: { max: number; firstLookback: number }): string[] {
  const last = dueMinute(now.toISOString());
  let m = done ? nextMinute(done) : dueMinute(new Date(now.getTime() - opts.firstLookback * MINUTE).toISOString());
  const out: string[] = [];
  while (m <= last && out.length < opts.max) {
    out.push(m);
    m = nextMinute(m);
  }
  return out;
}

/** The `n` minutes up to and including `minute`, oldest first. */
export function minutesThrough(minute: string, n: number): string[] {
  const end = Date.parse(`${minute}:00.000Z`);
  return Array.from({ length: n }, (_, i) => new Date(end - (n - 1 - i) * MINUTE).toISOString().slice(0, 16));
}

/** Seconds a job waits in the queue so it runs at `sendAt` (0 when due; at most SQS's 900). */
export const delaySecondsUntil = (sendAt: string, now: Date): number => Math.max(0, Math.min(900, Math.ceil((Date.parse(sendAt) - now.getTime()) / 1000)));

/**
 * The next run of a schedule repeating every `daysR` days (0 = none): `daysR` days after the run
 * that was due, skipping runs already past at `now` (after an outage the next one is in the
 * future, not a burst of missed ones).
 */
export function nextRunAt(sendAt: string, daysR: number, now: Date): string | undefined {
  if (!(daysR > 0)) return undefined;
  const step = daysR * DAY;
  const from = Date.parse(sendAt);
  const behind = Math.max(1, Math.ceil((now.getTime() - from) / step));
  let next = from + behind * step;
  if (next <= now.getTime()) next += step;
  return new Date(next).toISOString();
}
