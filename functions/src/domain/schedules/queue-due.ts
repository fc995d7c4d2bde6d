/**
 * Due schedules to the schedule sender's queue (DESIGN.md "Cost and scale rules": a due-time
 * index read by the tick, plus queue delays for the seconds). Each tick reads the due partitions
 * of the minutes its cursor has not done, through now's minute, and queues every item with the
 * delay left to its time; minutes missed while the system was down are read at the next tick.
 * A job may be queued twice (a tick that failed before moving its cursor, a schedule written while
 * its minute was being read, the re-read window below): the sender's claim makes the second one do
 * nothing. A sent (or failed) schedule's due item is gone, so re-reading a minute queues only what
 * is still pending there: the last few minutes behind the cursor are read again by every tick, a
 * safety net for a job whose queueing failed.
 */
import { advanceDueCursor, dueInMinute, dueMinute, getDueCursor, type Schedule } from '../../adapters/db/schedules';
import { enqueueBatch } from '../../adapters/queue';
import { QUEUE } from '../../adapters/queue-config';
import { log } from '../../lib/log';
import { delaySecondsUntil, minutesThrough, minutesToRead } from './due';

/** What the sender gets: one run of one schedule. */
export type ScheduleJob = { companyId: number; scheduleId: number; sendAt: string };

/** At most this many minutes a tick (a day's outage is caught up in six ticks). */
const MAX_MINUTES_PER_TICK = 240;
/** Without a cursor (the first tick ever), the last hour is read. */
const FIRST_LOOKBACK_MINUTES = 60;
const PARALLEL_READS = 8;
/** Minutes behind the cursor each tick reads again. */
const RECHECK_MINUTES = 5;

const jobOf = (d: ScheduleJob, now: Date) => ({ body: { companyId: d.companyId, scheduleId: d.scheduleId, sendAt: d.sendAt } satisfies ScheduleJob, delaySeconds: delaySecondsUntil(d.sendAt, now) });

/**
 * The tick's job: marks the minutes it reads (`scanning`) before reading them, queues their due
 * items, then marks them done. Answers how many jobs were queued.
 */
export async function queueDueSchedules(now: Date): Promise<number> {
  const cursor = await getDueCursor();
  const minutes = minutesToRead(cursor.done, now, { max: MAX_MINUTES_PER_TICK, firstLookback: FIRST_LOOKBACK_MINUTES });
  if (!minutes.length) return 0;
  const last = minutes[minutes.length - 1]!;
  await advanceDueCursor('scanning', last);
  const reads = [...(cursor.done ? minutesThrough(cursor.done, RECHECK_MINUTES) : []), ...minutes];
  let queued = 0;
  for (let i = 0; i < reads.length; i += PARALLEL_READS) {
    const due = (await Promise.all(reads.slice(i, i + PARALLEL_READS).map(dueInMinute))).flat();
    await enqueueBatch(QUEUE.scheduleSends, due.map((d) => jobOf(d, now)));
    queued += due.length;
  }
  await advanceDueCursor('done', last);
  return queued;
}

/**
 * After a pending schedule was written: when a tick has already begun reading its minute (a
 * schedule due now, or in the past), it is queued here, since no tick will read that minute again.
 * The due item was written first, so a tick that marks the minute after this read still finds it.
 */
export async function queueIfScanned(s: Pick<Schedule, 'companyId' | 'id' | 'sendAt' | 'status'>, now = new Date()): Promise<void> {
  if (s.status !== 'PENDENTE') return;
  const cursor = await getDueCursor();
  const mark = [cursor.done, cursor.scanning].filter((m): m is string => Boolean(m)).sort().at(-1);
  if (!mark || dueMinute(s.sendAt) > mark) return;
  // The schedule is stored: a failed queueing is not the writer's failure. The tick's re-read
  // window behind its cursor queues it at its next run.
  await enqueueBatch(QUEUE.scheduleSends, [jobOf({ companyId: s.companyId, scheduleId: s.id, sendAt: s.sendAt }, now)]).catch((err) =>
    log.error('schedule not queued; the tick will', { companyId: s.companyId, scheduleId: s.id, err: String(err) }),
  );
}
