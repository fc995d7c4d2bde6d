import { describe, expect, it } from 'vitest';
import { SEED_PLANS, clampCustom, customPlanPrice, defaultPlanFlags, effectivePlan, flagAllowed, formatBRL, roundBRL } from './plans';

describe('plan rules', () => {
  it('a new plan has every feature on but the flow builder', () => {
    const f = defaultPlanFlags();
    expect(f.useWhatsapp && f.useFacebook && f.useInstagram && f.useCampaigns && f.useSchedules && f.useInternalChat && f.useExternalApi).toBe(true);
    expect(f.useShowFlowBuilder).toBe(false);
  });
  it('the flow builder only on the top tier', () => {
    expect(flagAllowed('ultimate', 'useShowFlowBuilder')).toBe(true);
    for (const t of ['inicial', 'basico', 'empresarial'] as const) expect(flagAllowed(t, 'useShowFlowBuilder')).toBe(false);
    expect(flagAllowed('basico', 'useCampaigns')).toBe(true);
  });
  it('custom plan: ±11 per user, ±20 per connection, never below 3', () => {
    expect(customPlanPrice(100, 3, 3)).toBe(100);
    expect(customPlanPrice(100, 4, 3)).toBe(111);
    expect(customPlanPrice(100, 3, 5)).toBe(140);
    expect(customPlanPrice(100, 10, 4)).toBe(100 + 7 * 11 + 20);
    expect(customPlanPrice(100, 1, 0)).toBe(100);
    expect(clampCustom(2)).toBe(3);
    expect(clampCustom(Number.NaN)).toBe(3);
  });
  it("a company's custom plan replaces its plan's users, connections and price, only on the plan it was bought on", () => {
    const basico = SEED_PLANS[1]!;
    const custom = { planId: basico.id, users: 4, connections: 3, amount: customPlanPrice(basico.amount, 4, 3) };
    expect(effectivePlan(basico, custom)).toEqual({ ...basico, name: 'basico personalizado', users: 4, connections: 3, amount: 110 });
    expect(effectivePlan(basico, undefined)).toBe(basico);
    expect(effectivePlan(SEED_PLANS[2]!, custom)).toBe(SEED_PLANS[2]);
  });
  it('BRL with two decimals', () => {
    expect(roundBRL(99.999)).toBe(100);
    expect(roundBRL(10.125)).toBeCloseTo(10.13, 2);
    expect(formatBRL(1234.5).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
  });
});
