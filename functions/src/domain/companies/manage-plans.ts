/**
 * Plans, run by the super admin (spec 2 Settings > Plans, §3 Plan, §6, §9): list, show, create,
 * update, remove. Flags left out are on, the flow builder off; only the top tier keeps the flow
 * builder; amounts in BRL with 2 decimals. A plan any company is on is not removed: its company
 * count (kept with every company write, adapters/db/plans.ts) must be 0, checked by the delete
 * itself, never by reading the companies.
 */
import { defaultPlanFlags, flagAllowed, PLAN_FLAGS, roundBRL, type Plan } from '@conversa/shared/plans';
import type { PlanBody, PlanView, UpdatePlanBody } from '@conversa/shared/schemas/companies';
import { nextPlatformId } from '../../adapters/db/counters';
import { deletePlanIfUnused, getPlanView, listPlanViews, putPlan, updatePlanFields } from '../../adapters/db/plans';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';

/** The flags the tier may not have, turned off. */
function withTierRules(plan: Plan): Plan {
  const out = { ...plan, amount: roundBRL(plan.amount) };
  for (const f of PLAN_FLAGS) if (!flagAllowed(out.tier, f)) out[f] = false;
  return out;
}

const fields = (p: Plan): Omit<Plan, 'id'> => {
  const { id: _id, ...rest } = p;
  return rest;
};

export async function listPlansAdmin(): Promise<PlanView[]> {
  return (await listPlanViews()).sort((a, b) => a.amount - b.amount || a.id - b.id);
}

export async function showPlan(id: number): Promise<PlanView> {
  const p = await getPlanView(id);
  if (!p) throw new AppError('ERR_NO_PLAN_FOUND');
  return p;
}

export async function createPlan(auth: AuthContext, body: PlanBody): Promise<PlanView> {
  // Seeded plans hold ids 1–4 without the counter: new ones start above them.
  const id = await nextPlatformId('plan', 4);
  const plan = withTierRules({ ...defaultPlanFlags(), ...body, id });
  await putPlan(plan, true);
  await recordAudit(auth, { action: 'plan.create', target: { id, name: plan.name }, after: plan });
  return { ...plan, companies: 0 };
}

export async function updatePlan(auth: AuthContext, id: number, body: UpdatePlanBody): Promise<PlanView> {
  const before = await showPlan(id);
  const { companies, ...was } = before;
  const next = withTierRules({ ...was, ...body, id });
  if (body.useShowFlowBuilder && !flagAllowed(next.tier, 'useShowFlowBuilder')) throw new AppError('ERR_FLOW_BUILDER_TOP_TIER');
  await updatePlanFields(id, fields(next));
  await recordAudit(auth, { action: 'plan.update', target: { id, name: next.name }, before: was, after: next });
  return { ...next, companies };
}

export async function removePlan(auth: AuthContext, id: number): Promise<void> {
  const before = await showPlan(id);
  await deletePlanIfUnused(id);
  const { companies: _c, ...was } = before;
  await recordAudit(auth, { action: 'plan.delete', target: { id, name: before.name }, before: was });
}
