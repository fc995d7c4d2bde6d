import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, navState, type NavContext } from './navigation';
import { SEED_PLANS } from './plans';

const plan = (name: string) => SEED_PLANS.find((p) => p.name === name)!;
const ctx = (over: Partial<NavContext>): NavContext => ({ who: { profile: 'user', super: false }, plan: plan('ultimate'), cshow: false, expired: false, ...over });
const visible = (c: NavContext) => NAV_ITEMS.filter((i) => navState(i, c) === 'visible').map((i) => i.path);

describe('drawer visibility (spec 1 §2)', () => {
  it('agents see no admin items', () => {
    const paths = visible(ctx({}));
    expect(paths).toContain('/tickets');
    for (const p of ['/users', '/queues', '/connections', '/settings', '/dashboard', '/financeiro', '/companies', '/announcements']) expect(paths).not.toContain(p);
  });

  it('admins see admin items but not super items', () => {
    const paths = visible(ctx({ who: { profile: 'admin', super: false } }));
    expect(paths).toEqual(expect.arrayContaining(['/users', '/queues', '/connections', '/settings', '/dashboard', '/financeiro']));
    expect(paths).not.toContain('/companies');
    expect(paths).not.toContain('/announcements');
  });

  it('the super user sees companies, except on the inicial plan', () => {
    expect(visible(ctx({ who: { profile: 'admin', super: true } }))).toContain('/companies');
    expect(visible(ctx({ who: { profile: 'admin', super: true }, plan: plan('inicial') }))).not.toContain('/companies');
  });

  it('plan gates: flow builder needs ultimate and the flag; kanban the paid tiers; finance empresarial+', () => {
    const admin = { profile: 'admin' as const, super: false };
    expect(visible(ctx({ who: admin }))).toContain('/flowbuilders');
    expect(visible(ctx({ who: admin, plan: { ...plan('ultimate'), useShowFlowBuilder: false } }))).not.toContain('/flowbuilders');
    expect(visible(ctx({ who: admin, plan: plan('empresarial') }))).not.toContain('/flowbuilders');
    expect(visible(ctx({ plan: plan('inicial') }))).not.toContain('/kanban');
    expect(visible(ctx({ plan: plan('basico') }))).toContain('/kanban');
    expect(visible(ctx({ plan: plan('inicial') }))).not.toContain('/TagsKanban');
    expect(visible(ctx({ plan: plan('basico') }))).toContain('/TagsKanban');
    expect(visible(ctx({ who: admin, plan: plan('basico') }))).not.toContain('/financeiro');
    expect(visible(ctx({ plan: { ...plan('ultimate'), useSchedules: false } }))).not.toContain('/schedules');
    // The lanes' campaigns in progress: any user, with the schedules' flag (not the bulk campaigns').
    expect(visible(ctx({ plan: { ...plan('ultimate'), useCampaigns: false } }))).toContain('/campanhas');
    expect(visible(ctx({ plan: { ...plan('ultimate'), useSchedules: false } }))).not.toContain('/campanhas');
    expect(visible(ctx({ plan: plan('inicial') }))).toContain('/tickets-by-tag');
  });

  it('cshow items need the local flag', () => {
    const admin = { profile: 'admin' as const, super: false };
    expect(visible(ctx({ who: admin }))).not.toContain('/contact-lists');
    expect(visible(ctx({ who: admin, cshow: true }))).toContain('/contact-lists');
    expect(visible(ctx({ who: admin }))).not.toContain('/campaigns');
    expect(visible(ctx({ who: admin, cshow: true }))).toEqual(expect.arrayContaining(['/campaigns', '/campaigns-config']));
    expect(visible(ctx({ cshow: true }))).not.toContain('/campaigns');
    expect(visible(ctx({ who: admin, cshow: true, plan: { ...plan('ultimate'), useCampaigns: false } }))).not.toContain('/campaigns');
  });

  it('an expired subscription disables everything but finance', () => {
    const c = ctx({ who: { profile: 'admin', super: false }, expired: true });
    const states = Object.fromEntries(NAV_ITEMS.map((i) => [i.path, navState(i, c)]));
    expect(states['/financeiro']).toBe('visible');
    expect(states['/tickets']).toBe('disabled');
    expect(states['/users']).toBe('disabled');
  });
});
