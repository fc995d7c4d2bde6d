/**
 * The drawer of spec 1 §2 "Main layout": every item with its visibility rule. The SPA renders
 * from this table; the server enforces the same gates on the routes behind each page.
 */
import { planAllows, type PlanGate, type PlanView, type Principal } from './roles';
import { PAID_TIERS } from './plans';

export type NavItem = {
  key: string; // i18n key nav.<key>
  path: string;
  access: 'any' | 'admin' | 'super';
  plan?: PlanGate;
  /** Shown only when the local flag `cshow` exists (spec 1 §2). */
  cshow?: boolean;
  /** Super users see it only on a plan other than inicial. */
  superNotInicial?: boolean;
};


export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'dashboard', path: '/dashboard', access: 'admin' },
  { key: 'tickets', path: '/tickets', access: 'any' },
  { key: 'quickMessages', path: '/quick-messages', access: 'any' },
  { key: 'kanban', path: '/kanban', access: 'any', plan: { tiers: PAID_TIERS } },
  { key: 'tagsKanban', path: '/TagsKanban', access: 'any', plan: { tiers: PAID_TIERS } },
  { key: 'contacts', path: '/contacts', access: 'any' },
  { key: 'schedules', path: '/schedules', access: 'any', plan: { flag: 'useSchedules' } },
  { key: 'tags', path: '/tags', access: 'any' },
  { key: 'ticketsByTag', path: '/tickets-by-tag', access: 'any' },
  { key: 'chats', path: '/chats', access: 'any', plan: { flag: 'useInternalChat', tiers: PAID_TIERS } },
  { key: 'email', path: '/Email', access: 'any', plan: { tiers: PAID_TIERS } },
  { key: 'chatGpt', path: '/ChatGPT', access: 'any', plan: { tiers: PAID_TIERS } },
  { key: 'todolist', path: '/todolist', access: 'any' },
  { key: 'helps', path: '/helps', access: 'any' },
  // Spec 3 "Active campaigns": the lanes' campaigns in progress, a schedules list (useSchedules), for every user.
  { key: 'campaigns', path: '/campanhas', access: 'any', plan: { flag: 'useSchedules' } },
  // Spec 3 "Campaigns page": the bulk campaigns, admins, useCampaigns, behind cshow (the report is reached from a row).
  { key: 'bulkCampaigns', path: '/campaigns', access: 'admin', plan: { flag: 'useCampaigns' }, cshow: true },
  { key: 'contactLists', path: '/contact-lists', access: 'admin', plan: { flag: 'useCampaigns' }, cshow: true },
  { key: 'campaignsConfig', path: '/campaigns-config', access: 'admin', plan: { flag: 'useCampaigns' }, cshow: true },
  { key: 'flowbuilders', path: '/flowbuilders', access: 'admin', plan: { flag: 'useShowFlowBuilder', tiers: ['ultimate'] } },
  { key: 'announcements', path: '/announcements', access: 'super' },
  { key: 'messagesApi', path: '/messages-api', access: 'admin', plan: { flag: 'useExternalApi' } },
  { key: 'users', path: '/users', access: 'admin' },
  { key: 'queues', path: '/queues', access: 'admin' },
  { key: 'connections', path: '/connections', access: 'admin' },
  { key: 'ratings', path: '/ratings', access: 'admin' },
  { key: 'assessmentReport', path: '/assessmentReport', access: 'admin' },
  { key: 'financeiro', path: '/financeiro', access: 'admin', plan: { tiers: ['empresarial', 'ultimate'] } },
  { key: 'companies', path: '/companies', access: 'super', superNotInicial: true },
  { key: 'settings', path: '/settings', access: 'admin' },
  { key: 'audit', path: '/audit', access: 'admin' },
];

export type NavContext = { who: Principal; plan: PlanView | undefined; cshow: boolean; expired: boolean };

export type NavState = 'visible' | 'disabled' | 'hidden';

/** Whether a drawer item is shown, and whether it is usable (an expired subscription disables all but finance). */
export function navState(item: NavItem, ctx: NavContext): NavState {
  const { who } = ctx;
  if (item.access === 'super' && !who.super) return 'hidden';
  if (item.access === 'admin' && !(who.super || who.profile === 'admin')) return 'hidden';
  if (item.superNotInicial && ctx.plan?.tier === 'inicial') return 'hidden';
  if (item.cshow && !ctx.cshow) return 'hidden';
  if (!planAllows(ctx.plan, item.plan)) return 'hidden';
  if (ctx.expired && item.key !== 'financeiro') return 'disabled';
  return 'visible';
}

/** Private paths still reachable with an overdue subscription (spec 1 §2 "Route guard"). */
export const OVERDUE_ALLOWED_PATHS = ['/financeiro', '/login', '/forgetpsw'] as const;
