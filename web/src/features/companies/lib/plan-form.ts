/** The plan form (spec 2 Settings > Plans, §6, §9): flags on by default, the flow builder only on the top tier, BRL amounts. */
import { defaultPlanFlags, flagAllowed, PLAN_FLAGS, roundBRL, type PlanFlag, type PlanFlags, type Tier } from '@conversa/shared/plans';
import type { PlanBody, PlanView } from '@conversa/shared/schemas/companies';

export type PlanFormValues = { name: string; tier: Tier; users: string; connections: string; queues: string; amount: string } & PlanFlags;
export type PlanFormErrors = Partial<Record<'name' | 'users' | 'connections' | 'queues' | 'amount', string>>;

export const emptyPlanForm = (): PlanFormValues => ({ name: '', tier: 'basico', users: '3', connections: '3', queues: '3', amount: '0', ...defaultPlanFlags() });

export const formFromPlan = (p: PlanView): PlanFormValues => ({
  name: p.name, tier: p.tier, users: String(p.users), connections: String(p.connections), queues: String(p.queues), amount: p.amount.toFixed(2),
  ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, p[f]])) as PlanFlags),
});

/** The flags the form shows for a tier: the flow builder only on the top tier. */
export const visibleFlags = (tier: Tier): PlanFlag[] => PLAN_FLAGS.filter((f) => flagAllowed(tier, f));

/** '1.234,56', '1234.56', '99,9' → a number; NaN when it is not one. */
export function parseAmount(text: string): number {
  const t = text.trim().replace(/\s|R\$/g, '');
  const normalised = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  return /^\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

const counter = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : Number.NaN);

export function buildPlanBody(v: PlanFormValues): { ok: true; body: PlanBody } | { ok: false; errors: PlanFormErrors } {
  const errors: PlanFormErrors = {};
  if (!v.name.trim()) errors.name = 'companies.plans.validation.name';
  for (const k of ['users', 'connections', 'queues'] as const) if (!(counter(v[k]) >= 1)) errors[k] = 'companies.plans.validation.counter';
  const amount = parseAmount(v.amount);
  if (!(amount >= 0)) errors.amount = 'companies.plans.validation.amount';
  if (Object.keys(errors).length) return { ok: false, errors };
  const flags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, flagAllowed(v.tier, f) ? v[f] : false])) as PlanFlags;
  return { ok: true, body: { name: v.name.trim(), tier: v.tier, users: counter(v.users), connections: counter(v.connections), queues: counter(v.queues), amount: roundBRL(amount), ...flags } };
}
