/**
 * The campaign's arithmetic, pure (BEHAVIOUR.md "Campaigns"): the per-recipient random draws
 * (seeded by campaign, generation and list item, so a re-run of a staging page writes identical
 * records), the paced offsets, the variables, and the daily cap's roll-over to the next day.
 */
import { DEFAULT_TIME_ZONE } from '@conversa/shared/message-variables';
import type { CampaignSettings, CampaignVariable } from '@conversa/shared/schemas/campaigns';

/** A 32-bit hash of the seed's text (FNV-1a), then mulberry32: the same seed draws the same numbers. */
export function seededRandom(...seed: (string | number)[]): () => number {
  let h = 0x811c9dc5;
  for (const ch of seed.join(':')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  let a = h;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One recipient's draws: which variant (index into the non-empty ones) and the delay after the one before (0..1 of messageInterval). */
export function drawsFor(companyId: number, campaignId: number, gen: number, itemId: number, variants: number): { variant: number; jitter: number } {
  const rnd = seededRandom(companyId, campaignId, gen, itemId);
  return { variant: variants > 0 ? Math.floor(rnd() * variants) : 0, jitter: rnd() };
}

/** Where the pacing stands after the recipients staged so far: the last planned offset and how many sends precede the next. */
export type Pace = { offsetMs: number; sends: number };
export const PACE_START: Pace = { offsetMs: 0, sends: 0 };

/**
 * The next send's offset: the first goes at once; each next one a random delay in [0,
 * messageInterval] s after the one before, plus greaterInterval s after every longerIntervalAfter
 * sends (0 = never); all times `scale` (CAMPAIGN_TIME_SCALE, tests compress the clock).
 */
export function nextOffset(pace: Pace, jitter: number, s: Pick<CampaignSettings, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>, scale = 1): Pace {
  if (pace.sends === 0) return { offsetMs: 0, sends: 1 };
  let gap = jitter * s.messageInterval * 1000;
  if (s.longerIntervalAfter > 0 && pace.sends % s.longerIntervalAfter === 0) gap += s.greaterInterval * 1000;
  return { offsetMs: pace.offsetMs + Math.round(gap * scale), sends: pace.sends + 1 };
}

/** `{nome}`, `{numero}`, `{email}` and the settings' custom keys (case as written); an unknown `{x}` stays as typed. */
export function fillVariables(text: string, who: { name: string; number: string; email: string }, custom: readonly CampaignVariable[]): string {
  const values = new Map<string, string>(custom.map((v) => [v.key, v.value]));
  values.set('nome', who.name).set('numero', who.number).set('email', who.email);
  return text.replace(/\{([\p{L}\p{N}_-]+)\}/gu, (whole, key: string) => values.get(key) ?? whole);
}

// ---- The daily cap: days in the company's time zone ----

function zoned(t: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(t));
  const get = (k: string) => Number(parts.find((p) => p.type === k)?.value ?? 0);
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour'), mi: get('minute'), s: get('second') };
}

/** The zone's offset from UTC at instant `t` (ms). */
function offsetAt(t: number, timeZone: string): number {
  const z = zoned(t, timeZone);
  return Date.UTC(z.y, z.m - 1, z.d, z.h, z.mi, z.s) - Math.floor(t / 1000) * 1000;
}

/** The company day (`YYYY-MM-DD`) of an instant: the cap's key. */
export function capDay(t: number, timeZone = DEFAULT_TIME_ZONE): string {
  const z = zoned(t, timeZone);
  return `${z.y}-${String(z.m).padStart(2, '0')}-${String(z.d).padStart(2, '0')}`;
}

/** The instant of the day after `t`'s company day, at the time of day `startedAt` had (where the campaign's pace begins again). */
export function nextDayAtStart(t: number, startedAt: number, timeZone = DEFAULT_TIME_ZONE): number {
  const day = zoned(t, timeZone);
  const at = zoned(startedAt, timeZone);
  const guess = Date.UTC(day.y, day.m - 1, day.d + 1, at.h, at.mi, at.s, startedAt % 1000);
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

/**
 * The cap is full for the day of the next send, planned at `plannedAt` (ms): the shift that moves
 * it (and, at the same pace, all after it) to the next day at the campaign's starting time of day.
 */
export function rollOver(shiftMs: number, plannedAt: number, startedAt: number, timeZone = DEFAULT_TIME_ZONE): number {
  return shiftMs + Math.max(0, nextDayAtStart(plannedAt, startedAt, timeZone) - plannedAt);
}
