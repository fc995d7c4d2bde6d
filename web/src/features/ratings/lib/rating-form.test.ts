import { describe, expect, it } from 'vitest';
import type { RatingView } from '@conversa/shared/schemas/ratings';
import { buildRatingBody, emptyRatingForm, formFromRating, newOptionRow, nextOptionValue, type RatingFormValues } from './rating-form';

const valid = (over: Partial<RatingFormValues> = {}): RatingFormValues => ({
  name: 'Pesquisa NPS',
  message: 'Como foi o atendimento?',
  geral: true,
  options: [newOptionRow('Ruim', '1'), newOptionRow('Bom', '2'), newOptionRow('Ótimo', '3')],
  ...over,
});

describe('rating form', () => {
  it('builds the body the API takes, values as numbers', () => {
    const r = buildRatingBody(valid());
    expect(r).toEqual({ ok: true, body: { name: 'Pesquisa NPS', message: 'Como foi o atendimento?', geral: true, options: [{ name: 'Ruim', value: 1 }, { name: 'Bom', value: 2 }, { name: 'Ótimo', value: 3 }] } });
  });

  it("a name under 3 letters is 'nome muito curto'; an empty message is 'Obrigatório'", () => {
    const r = buildRatingBody(valid({ name: 'ab', message: '  ' }));
    expect(r).toMatchObject({ ok: false, errors: { name: 'ratings.validation.nameShort', message: 'ratings.validation.required' } });
    expect(buildRatingBody(valid({ name: '' }))).toMatchObject({ ok: false, errors: { name: 'ratings.validation.nameShort' } });
  });

  it('marks the rows without a name or with a value outside 0–100', () => {
    const r = buildRatingBody(valid({ options: [newOptionRow('', '1'), newOptionRow('Bom', '101'), newOptionRow('Ok', 'x'), newOptionRow('Fine', '4')] }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.rows).toEqual({ 0: { name: 'ratings.validation.required' }, 1: { value: 'ratings.validation.valueRange' }, 2: { value: 'ratings.validation.valueRange' } });
  });

  it('needs at least one option, at most 10, and distinct values', () => {
    expect(buildRatingBody(valid({ options: [] }))).toMatchObject({ ok: false, errors: { options: 'ratings.validation.needOption' } });
    const eleven = Array.from({ length: 11 }, (_, i) => newOptionRow(`O${i}`, String(i)));
    expect(buildRatingBody(valid({ options: eleven }))).toMatchObject({ ok: false, errors: { options: 'ratings.validation.tooManyOptions' } });
    expect(buildRatingBody(valid({ options: [newOptionRow('A', '1'), newOptionRow('B', '1')] }))).toMatchObject({ ok: false, errors: { options: 'ratings.validation.valuesDiffer' } });
  });

  it('a saved rating fills the form; a new one starts with one row of value 1', () => {
    const saved: RatingView = { id: 4, name: 'NPS', message: 'Nota?', geral: false, options: [{ name: 'Ruim', value: 0 }, { name: 'Bom', value: 10 }], userId: 1, createdAt: '', updatedAt: '' };
    expect(formFromRating(saved)).toMatchObject({ name: 'NPS', message: 'Nota?', geral: false, options: [{ name: 'Ruim', value: '0' }, { name: 'Bom', value: '10' }] });
    expect(emptyRatingForm().options).toMatchObject([{ name: '', value: '1' }]);
  });

  it('a new row suggests one above the highest value', () => {
    expect(nextOptionValue([newOptionRow('a', '3'), newOptionRow('b', '7')])).toBe('8');
    expect(nextOptionValue([])).toBe('1');
    expect(nextOptionValue([newOptionRow('a', '100')])).toBe('100');
  });
});
