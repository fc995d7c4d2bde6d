import { describe, expect, it } from 'vitest';
import { decide, overdueAllows, type GuardSession, type GuardUser, type RouteRule } from './route-access';
import { landingPath } from '../lib/subscription';

const TODAY = '2025-06-15';
const plan = (tier: 'inicial' | 'basico' | 'empresarial' | 'ultimate') => ({ tier, useSchedules: true });
const user = (over: Partial<GuardUser> = {}, company: Partial<GuardUser['company']> = {}): GuardUser => ({
  profile: 'user',
  super: false,
  ...over,
  company: { id: 7, dueDate: '2025-12-31', plan: plan('basico'), ...company },
});
const signedIn = (u: GuardUser): GuardSession => ({ status: 'authenticated', user: u });
const anon: GuardSession = { status: 'anonymous' };
const pub: RouteRule = { kind: 'public' };
const priv: RouteRule = { kind: 'private' };
const run = (rule: RouteRule, pathname: string, session: GuardSession, extra: { cshow?: boolean; afterLogin?: string } = {}) =>
  decide({ rule, pathname, session, today: TODAY, cshow: extra.cshow ?? false, afterLogin: extra.afterLogin });

describe('route guard (spec 1 §2)', () => {
  it('waits while the session is being checked', () => {
    expect(run(priv, '/tickets', { status: 'loading' })).toEqual({ type: 'wait' });
    expect(run(pub, '/login', { status: 'loading' })).toEqual({ type: 'wait' });
  });

  it('public routes: anonymous users stay, signed-in users go to /tickets', () => {
    expect(run(pub, '/login', anon)).toEqual({ type: 'allow' });
    expect(run(pub, '/signup', signedIn(user()))).toEqual({ type: 'redirect', to: '/tickets' });
    expect(run(pub, '/forgetpsw', signedIn(user({ profile: 'admin' })))).toEqual({ type: 'redirect', to: '/tickets' });
  });

  it('right after a login the public page sends the user where the login decided', () => {
    expect(run(pub, '/login', signedIn(user({ profile: 'admin' })), { afterLogin: '/dashboard' })).toEqual({ type: 'redirect', to: '/dashboard' });
  });

  it('private routes send anonymous users to /login', () => {
    expect(run(priv, '/tickets', anon)).toEqual({ type: 'redirect', to: '/login' });
    expect(run({ kind: 'private', access: 'admin' }, '/settings', anon)).toEqual({ type: 'redirect', to: '/login' });
  });

  it('an overdue company reaches only finance', () => {
    const overdue = signedIn(user({ profile: 'admin' }, { dueDate: '2025-06-14' }));
    expect(run(priv, '/tickets', overdue)).toEqual({ type: 'redirect', to: '/financeiro' });
    expect(run({ kind: 'private', access: 'admin' }, '/settings', overdue)).toEqual({ type: 'redirect', to: '/financeiro' });
    expect(run(priv, '/financeiro-aberto', overdue)).toEqual({ type: 'redirect', to: '/financeiro' });
    expect(run({ kind: 'private', plan: { tiers: ['empresarial'] } }, '/financeiro', overdue)).toEqual({ type: 'allow' });
    expect(run(priv, '/Financeiro/', overdue)).toEqual({ type: 'allow' });
  });

  it('due today is not overdue; no due date and company 1 never are', () => {
    expect(run(priv, '/tickets', signedIn(user({}, { dueDate: TODAY })))).toEqual({ type: 'allow' });
    expect(run(priv, '/tickets', signedIn(user({}, { dueDate: null })))).toEqual({ type: 'allow' });
    expect(run(priv, '/tickets', signedIn(user({}, { id: 1, dueDate: '2000-01-01' })))).toEqual({ type: 'allow' });
  });

  it('/settings needs admin or super', () => {
    const settings: RouteRule = { kind: 'private', access: 'admin' };
    expect(run(settings, '/settings', signedIn(user()))).toEqual({ type: 'forbidden', reason: 'role' });
    expect(run(settings, '/settings', signedIn(user({ profile: 'supervisor' })))).toEqual({ type: 'forbidden', reason: 'role' });
    expect(run(settings, '/settings', signedIn(user({ profile: 'admin' })))).toEqual({ type: 'allow' });
    expect(run(settings, '/settings', signedIn(user({ super: true })))).toEqual({ type: 'allow' });
  });

  it('super-only and plan-gated pages', () => {
    expect(run({ kind: 'private', access: 'super' }, '/announcements', signedIn(user({ profile: 'admin' })))).toEqual({ type: 'forbidden', reason: 'role' });
    const paid: RouteRule = { kind: 'private', plan: { tiers: ['basico', 'empresarial', 'ultimate'] } };
    expect(run(paid, '/Kanban', signedIn(user({}, { plan: plan('inicial') })))).toEqual({ type: 'forbidden', reason: 'plan' });
    expect(run(paid, '/Kanban', signedIn(user({}, { plan: plan('ultimate') })))).toEqual({ type: 'allow' });
  });

  it('cshow pages need the local flag', () => {
    const r: RouteRule = { kind: 'private', access: 'admin', cshow: true };
    const admin = signedIn(user({ profile: 'admin' }));
    expect(run(r, '/campaigns', admin).type).toBe('forbidden');
    expect(run(r, '/campaigns', admin, { cshow: true })).toEqual({ type: 'allow' });
  });

  it('overdue paths are matched exactly, case-insensitively', () => {
    expect(overdueAllows('/financeiro')).toBe(true);
    expect(overdueAllows('/FINANCEIRO')).toBe(true);
    expect(overdueAllows('/financeiro-aberto')).toBe(false);
    expect(overdueAllows('/login')).toBe(true);
    expect(overdueAllows('/forgetpsw')).toBe(true);
  });
});

describe('landing after login', () => {
  it('admin and super go to the dashboard, others to tickets, overdue to finance', () => {
    expect(landingPath(user({ profile: 'admin' }), TODAY)).toBe('/dashboard');
    expect(landingPath(user({ super: true }), TODAY)).toBe('/dashboard');
    expect(landingPath(user(), TODAY)).toBe('/tickets');
    expect(landingPath(user({ profile: 'supervisor' }), TODAY)).toBe('/tickets');
    expect(landingPath(user({ profile: 'admin' }, { dueDate: '2025-01-01' }), TODAY)).toBe('/financeiro');
  });
});
