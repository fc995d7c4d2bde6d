/**
 * Roles and permissions as one table (spec 1 §6, spec 2 §6). The server checks every route
 * against it; the SPA reads the same table to show or hide what a user may not use.
 */
import { PAID_TIERS, tierAtLeast, type PlanFlag, type Tier } from './plans';

export const PROFILES = ['user', 'supervisor', 'admin'] as const;
export type Profile = (typeof PROFILES)[number];

export type Principal = { profile: Profile; super: boolean };

/** Who may do what. `any` = every signed-in user. */
export const PERMISSIONS = {
  'users:list': 'any', // GET /users/list (names for transfer dialogs)
  'users:read-self': 'any',
  'users:manage': 'admin', // user page, create, edit others, delete
  'user-modal:editProfile': 'admin',
  'user-modal:editQueues': 'admin',
  'settings:read': 'any',
  'settings:write': 'admin',
  'dashboard:view': 'admin',
  'tickets:show-all': 'admin',
  'tickets:spy': 'admin',
  'ticket-options:deleteTicket': 'admin',
  'tickets:reopen': 'admin',
  'tickets:transfer-connection': 'admin',
  'contacts-page:deleteContact': 'admin',
  'contacts:import-export': 'admin',
  'connections:manage': 'admin',
  'queues:manage': 'admin',
  'ratings:manage': 'admin',
  'audit:read': 'admin', // GET /audit (any plan)
  'companies:manage': 'super',
  'plans:manage': 'super',
  'announcements:manage': 'super',
  'helps:manage': 'super',
  'payments:manage': 'super', // the payment certificate (.p12) and the provider's webhook registration
  'invoices:manage': 'admin', // /financeiro, GET /invoices/all, POST /subscription (spec 1 §2 "Admin-only: /financeiro")
  'payments:simulate': 'super', // the sandbox provider's 'Simular pagamento'
  'branding:manage': 'super', // logos, documents, colours of the platform (spec 2 §2, §6)
  'backup:request': 'admin', // /outrosajustes: the company's own data as JSON lines
  'flows:manage': 'admin', // the flow builder, its files, the http test and the phrase triggers (spec 3: the drawer's /flowbuilders, admin, ultimate)
  'campaigns:manage': 'admin', // campaigns, their settings and reports (spec 3 §2: the drawer's admin-only entries)
} as const satisfies Record<string, 'any' | 'admin' | 'supervisor' | 'super'>;
export type Action = keyof typeof PERMISSIONS;

export function can(who: Principal, action: Action): boolean {
  const rule = PERMISSIONS[action] as 'any' | 'admin' | 'supervisor' | 'super';
  if (who.super) return true;
  switch (rule) {
    case 'any': return true;
    case 'supervisor': return who.profile === 'admin' || who.profile === 'supervisor';
    case 'admin': return who.profile === 'admin';
    case 'super': return false;
  }
}

export function isAdmin(who: Principal): boolean {
  return who.super || who.profile === 'admin';
}

/** Plan gating of a route or a menu item: a flag, a minimum tier, or both. */
export type PlanGate = { flag?: PlanFlag; minTier?: Tier; tiers?: readonly Tier[] };
export type PlanView = { tier: Tier } & Partial<Record<PlanFlag, boolean>>;

/** The paid plans' gate (spec 1 §2, spec 3 §2): the kanban board, /TagsKanban and lanes among others. */
export const PAID_PLAN: PlanGate = { tiers: PAID_TIERS };

export function planAllows(plan: PlanView | undefined, gate: PlanGate | undefined): boolean {
  if (!gate) return true;
  if (!plan) return false;
  if (gate.flag && !plan[gate.flag]) return false;
  if (gate.minTier && !tierAtLeast(plan.tier, gate.minTier)) return false;
  if (gate.tiers && !gate.tiers.includes(plan.tier)) return false;
  return true;
}
