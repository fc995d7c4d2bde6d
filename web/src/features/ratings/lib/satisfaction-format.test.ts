import { describe, expect, it } from 'vitest';
import type { SatisfactionView } from '@conversa/shared/schemas/ratings';
import { defaultRange, formatScore, levelRows, normaliseRange, toDayBR } from './satisfaction-format';

const view = (over: Partial<SatisfactionView> = {}): SatisfactionView => ({
  totalResponses: 0, averageScore: 0, veryDissatisfied: 0, dissatisfied: 0, neutral: 0, satisfied: 0, verySatisfied: 0, agents: [], ...over,
});

describe('satisfaction format', () => {
  it('the default range is the last 30 days, today included', () => {
    expect(defaultRange(new Date(2025, 2, 10, 15, 0))).toEqual({ from: '2025-02-09', to: '2025-03-10' });
  });

  it('sends days as DD/MM/YYYY', () => {
    expect(toDayBR('2025-03-01')).toBe('01/03/2025');
    expect(() => toDayBR('01/03/2025')).toThrow();
  });

  it('swaps an end before the start', () => {
    expect(normaliseRange({ from: '2025-03-10', to: '2025-03-01' })).toEqual({ from: '2025-03-01', to: '2025-03-10' });
  });

  it('five levels, worst first, with their share', () => {
    const rows = levelRows(view({ veryDissatisfied: 1, verySatisfied: 3 }));
    expect(rows.map((r) => [r.level, r.total, r.share])).toEqual([
      ['veryDissatisfied', 1, 0.25], ['dissatisfied', 0, 0], ['neutral', 0, 0], ['satisfied', 0, 0], ['verySatisfied', 3, 0.75],
    ]);
    expect(levelRows(undefined).every((r) => r.total === 0 && r.share === 0)).toBe(true);
  });

  it('a score has one decimal; none before the first answer', () => {
    expect(formatScore(4.25, 4, 'en')).toBe('4.3');
    expect(formatScore(4, 1, 'pt-BR')).toBe('4,0');
    expect(formatScore(0, 0, 'pt-BR')).toBe('–');
  });
});
