/**
 * The rating modal's rules (spec 3 §5): name at least 3 ('nome muito curto'), message required
 * ('Obrigatório'), geral, and options as rows of a name and a whole value 0–100 that differ.
 */
import { RatingBody, type RatingView } from '@conversa/shared/schemas/ratings';
import type { z } from 'zod';

export type OptionRow = { key: string; name: string; value: string };
export type RatingFormValues = { name: string; message: string; geral: boolean; options: OptionRow[] };
type Field = 'name' | 'message' | 'options';
export type RatingFormErrors = Partial<Record<Field, string>> & { rows?: Record<number, { name?: string; value?: string }> };

let rowSeq = 0;
export const newOptionRow = (name = '', value = ''): OptionRow => ({ key: `opt-${++rowSeq}`, name, value });

/** A new rating starts with one row, value 1. */
export const emptyRatingForm = (): RatingFormValues => ({ name: '', message: '', geral: false, options: [newOptionRow('', '1')] });

export const formFromRating = (r: RatingView): RatingFormValues => ({
  name: r.name,
  message: r.message,
  geral: r.geral,
  options: r.options.map((o) => newOptionRow(o.name, String(o.value))),
});

/** The value a new row suggests: one above the highest so far. */
export function nextOptionValue(rows: readonly OptionRow[]): string {
  const values = rows.map((r) => Number(r.value)).filter((v) => Number.isInteger(v));
  return String(values.length ? Math.min(100, Math.max(...values) + 1) : 1);
}

/** Schema messages → keys of the ratings section. */
const KEYS: Record<string, string> = {
  'nome muito curto': 'ratings.validation.nameShort',
  Obrigatório: 'ratings.validation.required',
  'Too Long!': 'ratings.validation.tooLong',
  'option values must differ': 'ratings.validation.valuesDiffer',
};
const keyOf = (m: string) => KEYS[m] ?? m;

export type RatingFormResult = { ok: true; body: z.output<typeof RatingBody> } | { ok: false; errors: RatingFormErrors };

export function buildRatingBody(values: RatingFormValues): RatingFormResult {
  const errors: RatingFormErrors = {};
  const rows: Record<number, { name?: string; value?: string }> = {};
  values.options.forEach((o, i) => {
    const v = o.value.trim();
    const row: { name?: string; value?: string } = {};
    if (!o.name.trim()) row.name = 'ratings.validation.required';
    else if (o.name.trim().length > 100) row.name = 'ratings.validation.tooLong';
    if (!/^\d{1,3}$/.test(v) || Number(v) > 100) row.value = 'ratings.validation.valueRange';
    if (row.name || row.value) rows[i] = row;
  });
  if (Object.keys(rows).length) errors.rows = rows;
  if (values.options.length === 0) errors.options = 'ratings.validation.needOption';
  else if (values.options.length > 10) errors.options = 'ratings.validation.tooManyOptions';

  const body = {
    name: values.name,
    message: values.message,
    geral: values.geral,
    options: values.options.map((o) => ({ name: o.name.trim(), value: Number(o.value.trim()) })),
  };
  const parsed = RatingBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field | 'geral';
      if (field === 'geral') continue;
      // Row problems are shown on their rows; only the list-wide ones (values must differ) on the list.
      if (field === 'options' && issue.path.length > 1) continue;
      if (!errors[field]) errors[field] = keyOf(issue.message);
    }
  }
  if (!values.name.trim()) errors.name = 'ratings.validation.nameShort';
  if (!values.message.trim()) errors.message = 'ratings.validation.required';
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}
