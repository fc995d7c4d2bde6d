/**
 * When a lane's campaign sends (spec 3 §4 "Kanban move between lanes", §9; BEHAVIOUR.md "Lanes,
 * schedules and open-by-phone"): today at 18:MM:SS in the company's time zone, the minute drawn
 * from 1 to 30 and the second from 0 to 59 (18:01:00–18:30:59); tomorrow when it is already 18:00
 * or later there. The spec's "second 1 to 60" would roll 60 into the next minute; a draw within
 * the minute keeps the window the spec names.
 */
import { STATS_TIME_ZONE } from './constants';

export const LANE_CAMPAIGN_HOUR = 18;
export const LANE_CAMPAIGN_MINUTES = 30;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function wallClock(ms: number, timeZone: string): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(new Date(ms))
      .filter((x) => x.type !== 'literal')
      .map((x) => [x.type, Number(x.value)]),
  );
  return { y: p.year!, mo: p.month!, d: p.day!, h: p.hour!, mi: p.minute!, s: p.second! };
}

/** The zone's offset from UTC at an instant, in ms (São Paulo: −3 h). */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(ms / 1000) * 1000;
}

/** The instant a wall-clock time of the zone names (given as if it were UTC); also a campaign's `scheduledAt`. */
export function instantOfWall(wallAsUtc: number, timeZone: string): number {
  const guess = wallAsUtc - offsetAt(wallAsUtc, timeZone);
  return wallAsUtc - offsetAt(guess, timeZone);
}

/** `random` returns [0, 1) like Math.random (tests pass a fixed one). */
export function laneCampaignSendAt(now: Date, random: () => number = Math.random, timeZone: string = STATS_TIME_ZONE): Date {
  const w = wallClock(now.getTime(), timeZone);
  const today = Date.UTC(w.y, w.mo - 1, w.d);
  const day = w.h >= LANE_CAMPAIGN_HOUR ? today + DAY : today;
  const minute = 1 + Math.min(LANE_CAMPAIGN_MINUTES - 1, Math.floor(random() * LANE_CAMPAIGN_MINUTES));
  const second = Math.min(59, Math.floor(random() * 60));
  return new Date(instantOfWall(day + LANE_CAMPAIGN_HOUR * 60 * MINUTE + minute * MINUTE + second * 1000, timeZone));
}
