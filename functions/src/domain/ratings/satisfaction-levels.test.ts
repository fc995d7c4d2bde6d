import { describe, expect, it } from 'vitest';
import { dayItemSK, userDaySK } from '../../adapters/db/day-stats';
import { levelOf, ratedStats, summarize } from './satisfaction-levels';

const scale = (...values: number[]) => values.map((value) => ({ name: `v${value}`, value }));

describe('satisfaction levels', () => {
  it('a 1–5 scale maps onto itself', () => {
    const five = scale(1, 2, 3, 4, 5);
    expect([1, 2, 3, 4, 5].map((v) => levelOf(v, five))).toEqual([1, 2, 3, 4, 5]);
  });

  it('NPS 0–10 in fifths: 0–2 very dissatisfied … 9–10 very satisfied', () => {
    const nps = scale(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    expect(Array.from({ length: 11 }, (_, v) => levelOf(v, nps))).toEqual([1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });

  it('the fraction is of the highest value, whatever the order of the options; bounds belong to the lower level', () => {
    const percent = [{ name: 'Ótimo', value: 100 }, { name: 'Ruim', value: 20 }, { name: 'Regular', value: 60 }, { name: 'Bom', value: 80 }, { name: 'Péssimo', value: 0 }];
    expect([0, 20, 21, 40, 60, 61, 80, 81, 100].map((v) => levelOf(v, percent))).toEqual([1, 1, 2, 2, 3, 4, 4, 5, 5]);
    // Three options: 1/3 → 2, 2/3 → 4, 3/3 → 5.
    expect([1, 2, 3].map((v) => levelOf(v, scale(3, 1, 2)))).toEqual([2, 4, 5]);
  });

  it('a rating whose highest value is 0 has no scale: neutral', () => {
    expect(levelOf(0, scale(0))).toBe(3);
  });

  it('an answer adds to the company day and the rated agent’s day in the company timezone', () => {
    // 02:30 UTC on 2 March is still 1 March in São Paulo.
    const items = ratedStats(7, '2025-03-02T02:30:00.000Z', 42, 4).txItems();
    expect(items.map((i) => i.Update!.Key)).toEqual([
      { PK: 'C#7#STATS', SK: dayItemSK('2025-03-01') },
      { PK: 'C#7#STATS', SK: userDaySK('2025-03-01', 42) },
    ]);
    expect(items[0]!.Update!.ExpressionAttributeNames).toEqual({ '#f0': 'rated', '#f1': 'rate4', '#f2': 'rateSum' });
    expect(items[0]!.Update!.ExpressionAttributeValues).toEqual({ ':v0': 1, ':v1': 1, ':v2': 4 });
    expect(ratedStats(7, '2025-03-02T12:00:00.000Z', null, 2).txItems()).toHaveLength(1);
  });

  it('the dashboard sums days and agents: levels, averages, insatisfeito/indiferentes/satisfeito', () => {
    const days = [
      { SK: 'D#2025-03-01', rated: 3, rate1: 1, rate4: 1, rate5: 1, rateSum: 10, created: 9 },
      { SK: 'D#2025-03-02', rated: 1, rate3: 1, rateSum: 3 },
      { SK: 'D#2025-03-03', created: 4 },
    ];
    const agents = [
      { SK: userDaySK('2025-03-01', 2), rated: 2, rate1: 1, rate5: 1, rateSum: 6 },
      { SK: userDaySK('2025-03-02', 2), rated: 1, rate3: 1, rateSum: 3 },
      { SK: userDaySK('2025-03-01', 1), rated: 1, rate4: 1, rateSum: 4 },
      { SK: userDaySK('2025-03-01', 3), tickets: 5, closed: 5 },
    ];
    const view = summarize(days, agents, new Map([[1, 'Bruna'], [2, 'Ana']]));
    expect(view).toEqual({
      totalResponses: 4,
      averageScore: 3.25,
      veryDissatisfied: 1,
      dissatisfied: 0,
      neutral: 1,
      satisfied: 1,
      verySatisfied: 1,
      agents: [
        { userId: 2, name: 'Ana', insatisfeito: 1, indiferentes: 1, satisfeito: 1, notaMedia: 3 },
        { userId: 1, name: 'Bruna', insatisfeito: 0, indiferentes: 0, satisfeito: 1, notaMedia: 4 },
      ],
    });
  });

  it('no answers: zeros, no agents', () => {
    expect(summarize([{ SK: 'D#2025-03-01', created: 2 }], [], new Map())).toEqual({ totalResponses: 0, averageScore: 0, veryDissatisfied: 0, dissatisfied: 0, neutral: 0, satisfied: 0, verySatisfied: 0, agents: [] });
  });
});
