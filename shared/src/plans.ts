/** Plan tiers, flags and the seeded plans (spec 1 §1, spec 2 §3). */
export const TIERS = ['inicial', 'basico', 'empresarial', 'ultimate'] as const;
export type Tier = (typeof TIERS)[number];

export const PLAN_FLAGS = [
  'useWhatsapp', 'useFacebook', 'useInstagram', 'useCampaigns', 'useSchedules',
  'useInternalChat', 'useExternalApi', 'useShowFlowBuilder',
] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];
export type PlanFlags = Record<PlanFlag, boolean>;

export type Plan = PlanFlags & {
  id: number;
  name: string;
  tier: Tier;
  users: number;
  connections: number;
  queues: number;
  amount: number;
};

const all = (on: boolean): PlanFlags =>
  Object.fromEntries(PLAN_FLAGS.map((f) => [f, on])) as PlanFlags;

/** The four plans seeded on first start. */
export const SEED_PLANS: Plan[] = [
  { id: 1, name: 'inicial', tier: 'inicial', users: 3, connections: 1, queues: 3, amount: 0, ...all(true), useFacebook: false, useInstagram: false, useCampaigns: false, useInternalChat: false, useExternalApi: false, useShowFlowBuilder: false },
  { id: 2, name: 'basico', tier: 'basico', users: 5, connections: 2, queues: 5, amount: 99, ...all(true), useShowFlowBuilder: false },
  { id: 3, name: 'empresarial', tier: 'empresarial', users: 10, connections: 5, queues: 10, amount: 199, ...all(true), useShowFlowBuilder: false },
  { id: 4, name: 'ultimate', tier: 'ultimate', users: 50, connections: 20, queues: 50, amount: 399, ...all(true) },
];

export function tierAtLeast(tier: Tier | undefined, min: Tier): boolean {
  return tier !== undefined && TIERS.indexOf(tier) >= TIERS.indexOf(min);
}

/** The paid tiers: the kanban board and lanes, internal chat, e-mail, AI, finance (spec 1 §2 "only on plans basico, empresarial, ultimate"). */
export const PAID_TIERS = ['basico', 'empresarial', 'ultimate'] as const satisfies readonly Tier[];
/** The tiers the plan form offers (spec 2 §6); `inicial` stays for the seeded free plan. */
export const FORM_TIERS = ['basico', 'empresarial', 'ultimate'] as const satisfies readonly Tier[];
/** Only the top tier may have the flow builder (spec 2 §6: the flag field only on the top tier). */
export const TOP_TIER: Tier = 'ultimate';

/** A new plan's flags (spec 2 §9): every feature on, the flow builder off. */
export const defaultPlanFlags = (): PlanFlags => ({ ...all(true), useShowFlowBuilder: false });

/** A flag the tier may not have is off: the flow builder below the top tier. */
export function flagAllowed(tier: Tier, flag: PlanFlag): boolean {
  return flag !== 'useShowFlowBuilder' || tier === TOP_TIER;
}

/** Amounts in BRL with 2 decimals (spec 2 §9). */
export const roundBRL = (amount: number): number => Math.round(amount * 100) / 100;

export const formatBRL = (amount: number, locale = 'pt-BR'): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);

/**
 * The custom plan of spec 2 §9: 3 users and 3 connections at the base price; each user step
 * adds or removes 11, each connection step 20; counters never below 3.
 */
export const CUSTOM_PLAN = { baseUsers: 3, baseConnections: 3, userStep: 11, connectionStep: 20, min: 3 } as const;

export const clampCustom = (n: number): number => Math.max(CUSTOM_PLAN.min, Math.floor(Number.isFinite(n) ? n : CUSTOM_PLAN.min));

export function customPlanPrice(basePrice: number, users: number, connections: number): number {
  const u = clampCustom(users) - CUSTOM_PLAN.baseUsers;
  const c = clampCustom(connections) - CUSTOM_PLAN.baseConnections;
  return roundBRL(basePrice + u * CUSTOM_PLAN.userStep + c * CUSTOM_PLAN.connectionStep);
}

/** What a company bought with a paid custom invoice: its limits and price on top of plan `planId`. */
export type CustomPlan = { planId: number; users: number; connections: number; amount: number };

/**
 * The plan a company works with: its plan, with the users, connections and price it bought as a
 * custom plan while it stays on that plan (a super admin moving it to another plan ends them).
 */
export function effectivePlan(plan: Plan, custom: CustomPlan | undefined): Plan {
  if (!custom || custom.planId !== plan.id) return plan;
  return { ...plan, name: `${plan.name} personalizado`, users: custom.users, connections: custom.connections, amount: custom.amount };
}
