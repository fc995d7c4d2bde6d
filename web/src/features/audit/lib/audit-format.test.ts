import { describe, expect, it } from 'vitest';
import { changesOf, dayRange, valueText } from './audit-format';

const w = { yes: 'Sim', no: 'Não', empty: 'vazio' };

describe('audit entries on screen', () => {
  it('one row per changed field, knowing which side has it', () => {
    expect(changesOf({ before: { name: 'Ana', profile: 'user' }, after: { name: 'Ana Maria', profile: 'admin' } })).toEqual([
      { field: 'name', before: 'Ana', after: 'Ana Maria', hasBefore: true, hasAfter: true },
      { field: 'profile', before: 'user', after: 'admin', hasBefore: true, hasAfter: true },
    ]);
    expect(changesOf({ after: { name: 'Fila' } })).toEqual([{ field: 'name', before: undefined, after: 'Fila', hasBefore: false, hasAfter: true }]);
    expect(changesOf({ before: { name: 'Fila' } })).toEqual([{ field: 'name', before: 'Fila', after: undefined, hasBefore: true, hasAfter: false }]);
  });

  it('values as text', () => {
    expect(valueText(true, w)).toBe('Sim');
    expect(valueText('', w)).toBe('vazio');
    expect(valueText([], w)).toBe('vazio');
    expect(valueText([1, 2], w)).toBe('[1,2]');
    expect(valueText(0, w)).toBe('0');
    expect(valueText('••••••', w)).toBe('••••••');
  });

  it('a day range becomes the first day start and the last day end, either order', () => {
    const r = dayRange('2026-03-10', '2026-03-12');
    expect(new Date(r.from!).getDate()).toBe(10);
    expect(new Date(r.from!).getHours()).toBe(0);
    expect(new Date(r.to!).getDate()).toBe(12);
    expect(new Date(r.to!).getHours()).toBe(23);
    expect(dayRange('2026-03-12', '2026-03-10')).toEqual(r);
    expect(dayRange('', '')).toEqual({ from: undefined, to: undefined });
  });
});
