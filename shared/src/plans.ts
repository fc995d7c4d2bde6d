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
