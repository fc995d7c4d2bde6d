/**
 * Satisfaction levels (spec 3 "Satisfaction dashboard"; SatisfactionView in shared): an answer's
 * value as a fraction of its rating's highest option value, in fifths — ≤ 0.2 very dissatisfied
 * (1), ≤ 0.4 dissatisfied (2), ≤ 0.6 neutral (3), ≤ 0.8 satisfied (4), above very satisfied (5).
 * A 1–5 scale maps onto itself; NPS 0–10 puts 0–2 at level 1 and 9–10 at level 5. A rating whose
 * highest value is 0 (a single option worth 0) has no scale: its answers are neutral.
 *
 * Each stored answer adds to the company day `D#<day>` and, when an agent was rated, the agent
 * day `U#<day>#<userId>` (adapters/db/day-stats.ts): `rated` +1, `rate<level>` +1, `rateSum` +level.
 */
import type { SatisfactionAgent, SatisfactionView } from '@conversa/shared/schemas/ratings';
import { StatsDelta, dayItemSK, localDay, userDaySK } from '../../adapters/db/day-stats';
import type { RatingOption } from '../../adapters/db/ratings';

export const LEVELS = [1, 2, 3, 4, 5] as const;

export function levelOf(value: number, options: readonly RatingOption[]): number {
  const max = Math.max(0, ...options.map((o) => o.value));
  if (max <= 0) return 3;
  return Math.min(5, Math.max(1, Math.ceil((5 * value) / max)));
}

/** The stats an answer adds, on the company day of `at`. */
export function ratedStats(companyId: number, at: string, userId: number | null, level: number): StatsDelta {
  const { day } = localDay(at);
  const d = new StatsDelta(companyId);
  for (const sk of [dayItemSK(day), ...(userId !== null ? [userDaySK(day, userId)] : [])]) d.add(sk, 'rated', 1).add(sk, `rate${level}`, 1).add(sk, 'rateSum', level);
  return d;
}

type Counts = { rated: number; rateSum: number; byLevel: number[] };

function sum(items: readonly Record<string, unknown>[]): Counts {
  const c: Counts = { rated: 0, rateSum: 0, byLevel: [0, 0, 0, 0, 0] };
  for (const i of items) {
    c.rated += Number(i.rated ?? 0);
    c.rateSum += Number(i.rateSum ?? 0);
    LEVELS.forEach((l) => (c.byLevel[l - 1]! += Number(i[`rate${l}`] ?? 0)));
  }
  return c;
}

const mean = (c: Counts) => (c.rated ? Math.round((c.rateSum / c.rated) * 100) / 100 : 0);

/** The dashboard from the day items and the agent-day items of a range; `names` by user id. */
export function summarize(days: readonly Record<string, unknown>[], agentDays: readonly Record<string, unknown>[], names: ReadonlyMap<number, string>): SatisfactionView {
  const total = sum(days);
  const perAgent = new Map<number, Record<string, unknown>[]>();
  for (const i of agentDays) {
    if (!Number(i.rated ?? 0)) continue;
    const userId = Number(String(i.SK).split('#').pop());
    perAgent.set(userId, [...(perAgent.get(userId) ?? []), i]);
  }
  const agents: SatisfactionAgent[] = [...perAgent].map(([userId, items]) => {
    const c = sum(items);
    const [l1, l2, l3, l4, l5] = c.byLevel as [number, number, number, number, number];
    return { userId, name: names.get(userId) ?? '', insatisfeito: l1 + l2, indiferentes: l3, satisfeito: l4 + l5, notaMedia: mean(c) };
  });
  agents.sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
  const [veryDissatisfied, dissatisfied, neutral, satisfied, verySatisfied] = total.byLevel as [number, number, number, number, number];
  return { totalResponses: total.rated, averageScore: mean(total), veryDissatisfied, dissatisfied, neutral, satisfied, verySatisfied, agents };
}
