/** How the audit page shows an entry: its changed fields in order, values as text, a day range as instants. */
import type { AuditEntry } from '@conversa/shared/schemas/audit';

export type Change = { field: string; before?: unknown; after?: unknown; hasBefore: boolean; hasAfter: boolean };

/** One row per changed field, in the order the entry lists them (after's first). */
export function changesOf(e: Pick<AuditEntry, 'before' | 'after'>): Change[] {
  const fields = [...new Set([...Object.keys(e.after ?? {}), ...Object.keys(e.before ?? {})])];
  return fields.map((field) => ({
    field,
    before: e.before?.[field],
    after: e.after?.[field],
    hasBefore: Boolean(e.before && field in e.before),
    hasAfter: Boolean(e.after && field in e.after),
  }));
}

export type ValueWords = { yes: string; no: string; empty: string };

/** A value as one line of text: booleans in words, lists and objects as compact JSON, nothing as 'empty'. */
export function valueText(v: unknown, w: ValueWords): string {
  if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) return w.empty;
  if (typeof v === 'boolean') return v ? w.yes : w.no;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return JSON.stringify(v);
}

/** 'YYYY-MM-DD' days (local, either order) → the instants the API filters on: the first day's start, the last day's end. */
export function dayRange(fromDay: string, toDay: string): { from?: string; to?: string } {
  const [a, b] = fromDay && toDay && fromDay > toDay ? [toDay, fromDay] : [fromDay, toDay];
  const at = (day: string, time: string) => (day ? new Date(`${day}T${time}`).toISOString() : undefined);
  return { from: at(a, '00:00:00.000'), to: at(b, '23:59:59.999') };
}
