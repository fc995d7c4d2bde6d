/**
 * The route guard of spec 1 §2 as one pure decision, so it can be tested without a browser:
 * public routes send signed-in users to /tickets; private routes send anonymous users to /login;
 * an overdue company reaches only /financeiro (and the public /login, /forgetpsw); then the
 * page's own role, plan and `cshow` rules.
 */
import { OVERDUE_ALLOWED_PATHS } from '@conversa/shared/navigation';
import { planAllows, type PlanGate, type Principal } from '@conversa/shared/roles';
import type { Tier } from '@conversa/shared/plans';
import { isOverdue, type CompanyDue } from '../lib/subscription';

export type RouteRule =
  | { kind: 'public' }
  | { kind: 'private'; access?: 'any' | 'admin' | 'super'; plan?: PlanGate; cshow?: boolean; /** Refused by the plan: a toast and / after 1 s (spec 3 §6), not a notice. */ planRedirect?: boolean };

export type GuardUser = Principal & { company: CompanyDue & { plan?: { tier: Tier } & Record<string, unknown> } };

export type GuardSession = { status: 'loading' } | { status: 'anonymous' } | { status: 'authenticated'; user: GuardUser };

export type Decision =
  | { type: 'allow' }
  | { type: 'wait' }
  | { type: 'redirect'; to: string }
  | { type: 'forbidden'; reason: 'role' | 'plan' };

export const HOME_PATH = '/tickets';
export const LOGIN_PATH = '/login';
export const FINANCE_PATH = '/financeiro';

export function overdueAllows(pathname: string): boolean {
  const p = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return OVERDUE_ALLOWED_PATHS.some((allowed) => p === allowed || p.startsWith(`${allowed}/`));
}

export type DecideInput = {
  rule: RouteRule;
  pathname: string;
  session: GuardSession;
  today: string;
  cshow: boolean;
  /** Where a login that just succeeded wants to land (admin → dashboard, …); public pages honour it. */
  afterLogin?: string;
};

export function decide({ rule, pathname, session, today, cshow, afterLogin }: DecideInput): Decision {
  if (session.status === 'loading') return { type: 'wait' };
  if (rule.kind === 'public') {
    return session.status === 'authenticated' ? { type: 'redirect', to: afterLogin ?? HOME_PATH } : { type: 'allow' };
  }
  if (session.status === 'anonymous') return { type: 'redirect', to: LOGIN_PATH };
  const { user } = session;
  const overdue = isOverdue(user.company, today);
  if (overdue && !overdueAllows(pathname)) return { type: 'redirect', to: FINANCE_PATH };
  const access = rule.access ?? 'any';
  if (access === 'super' && !user.super) return { type: 'forbidden', reason: 'role' };
  if (access === 'admin' && !(user.super || user.profile === 'admin')) return { type: 'forbidden', reason: 'role' };
  // An overdue company must still reach finance to pay, whatever its plan.
  if (!overdue && !planAllows(user.company.plan as never, rule.plan)) return { type: 'forbidden', reason: 'plan' };
  if (rule.cshow && !cshow) return { type: 'forbidden', reason: 'plan' };
  return { type: 'allow' };
}
