/** The satisfaction dashboard's pure helpers: its date range, the API's DD/MM/YYYY days, chart rows. */
import type { SatisfactionView } from '@conversa/shared/schemas/ratings';
import { isoDate } from '../../../lib/format';

/** Inclusive days as 'YYYY-MM-DD' (what the date inputs hold). */
export type DayRange = { from: string; to: string };

/** Days the default range covers, today included. */
export const DEFAULT_RANGE_DAYS = 30;

/**
 * The last 30 days. The spec's fixed 2023-12-03 … 2025-12-20 default is a snapshot of one
 * installation; a rolling window shows today's answers on any day.
 */
export function defaultRange(now: Date = new Date()): DayRange {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (DEFAULT_RANGE_DAYS - 1));
  return { from: isoDate(start), to: isoDate(now) };
}

/** An end before the start is swapped rather than refused: the user meant the other order. */
export function normaliseRange(r: DayRange): DayRange {
  return r.from <= r.to ? r : { from: r.to, to: r.from };
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (GET /satisfaction). */
export function toDayBR(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new Error(`not a day: ${day}`);
  return `${m[3]}/${m[2]}/${m[1]}`;
}

export const LEVELS = ['veryDissatisfied', 'dissatisfied', 'neutral', 'satisfied', 'verySatisfied'] as const;
export type Level = (typeof LEVELS)[number];
export type LevelRow = { level: Level; total: number; share: number };

/** The five levels, worst first, with their share of all answers (0–1). */
export function levelRows(view: SatisfactionView | undefined): LevelRow[] {
  const total = view ? LEVELS.reduce((s, l) => s + view[l], 0) : 0;
  return LEVELS.map((level) => {
    const n = view?.[level] ?? 0;
    return { level, total: n, share: total ? n / total : 0 };
  });
}

/** A mean level (1–5) with one decimal in the user's language; '–' before any answer. */
export function formatScore(score: number, count: number, lang: string): string {
  if (!count || !Number.isFinite(score)) return '–';
  return score.toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** Red to green, readable on both backgrounds. */
export const LEVEL_COLORS: Record<Level, string> = {
  veryDissatisfied: '#d64545',
  dissatisfied: '#ec8a3c',
  neutral: '#d9b43a',
  satisfied: '#6cbf5a',
  verySatisfied: '#2e9c5e',
};
