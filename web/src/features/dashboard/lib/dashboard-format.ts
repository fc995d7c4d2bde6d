/** The dashboard's pure helpers: ranges (default today, spec 1 §9), minutes as hours and minutes, chart rows. */
import type { TicketsByDay, TicketsByUser } from '@conversa/shared/schemas/dashboard';
import { STATS_TIME_ZONE } from '@conversa/shared/constants';
import { formatDate } from '../../../lib/format';

export type DateRange = { from: string; to: string };

const statsDay = new Intl.DateTimeFormat('en-CA', { timeZone: STATS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today as the server counts days (STATS_TIME_ZONE), whatever the browser's zone: late evening in Brazil is already tomorrow in UTC. */
export const todayRange = (now: Date = new Date()): DateRange => ({ from: statsDay.format(now), to: statsDay.format(now) });

/** An end before the start is swapped rather than refused: the user meant the other order. */
export function normaliseRange(r: DateRange): DateRange {
  return r.from <= r.to ? r : { from: r.to, to: r.from };
}

/** Minutes → { hours, minutes } (rounded to the minute; negatives and NaN count as zero). */
export function splitMinutes(total: number): { hours: number; minutes: number } {
  const m = Number.isFinite(total) && total > 0 ? Math.round(total) : 0;
  return { hours: Math.floor(m / 60), minutes: m % 60 };
}

/** '1h 05min', '0h 00min': the averages are minutes shown as hours and minutes (spec 1 §9). */
export function formatHoursMinutes(total: number): string {
  const { hours, minutes } = splitMinutes(total);
  return `${hours}h ${String(minutes).padStart(2, '0')}min`;
}

export type BarRow = { label: string; total: number };

export function userBars(answer: TicketsByUser | undefined): BarRow[] {
  return (answer?.data ?? []).map((u) => ({ label: u.name, total: u.quantidade })).sort((a, b) => b.total - a.total);
}

/** Per day ('dd/MM/yyyy', in date order) or per hour ('HH:00', in hour order). */
export function dayBars(answer: TicketsByDay | undefined): BarRow[] {
  const rows = answer?.data ?? [];
  return rows
    .map((r) => ({ key: r.date ?? r.horario ?? '', label: r.date ? formatDate(r.date) : hourLabel(r.horario), total: r.total }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ label, total }) => ({ label, total }));
}

function hourLabel(h: string | undefined): string {
  if (!h) return '';
  const m = /^(\d{1,2})/.exec(h);
  return m ? `${m[1]!.padStart(2, '0')}:00` : h;
}

/** Colours that read on the current background (bars in the brand colour). */
export function chartColors(mode: 'light' | 'dark', brand: string) {
  return mode === 'dark'
    ? { bar: brand, grid: '#273240', axis: '#97a4b2', tooltipBg: '#1b232d', tooltipText: '#e5ebf1', cursor: 'rgba(255,255,255,0.06)' }
    : { bar: brand, grid: '#e2e7ef', axis: '#5d6b7b', tooltipBg: '#ffffff', tooltipText: '#17212b', cursor: 'rgba(0,0,0,0.04)' };
}
