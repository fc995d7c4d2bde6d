/**
 * Who may do what on the tickets screen (spec 1 §2, §4, §6; BEHAVIOUR.md "Agent actions"). The
 * server enforces the same rules; these only decide what the screen offers.
 */
import { can, isAdmin, planAllows, type PlanView, type Principal } from '@conversa/shared/roles';
import { SETTINGS, type SettingKey } from '@conversa/shared/settings';
import { maySee, mayShowAll, type VisibilitySettings } from '@conversa/shared/ticket-visibility';
import type { TicketView } from '@conversa/shared/schemas/tickets';

export type Viewer = Principal & { id: number; queueIds: number[]; allUserChat: boolean };
export type CompanySettings = readonly { key: string; value: string }[];

export function setting(settings: CompanySettings, key: SettingKey): string {
  return settings.find((s) => s.key === key)?.value ?? SETTINGS[key].default;
}
const enabled = (settings: CompanySettings, key: SettingKey) => setting(settings, key) === 'enabled';

/** The settings the visibility rule reads, defaults filled in. */
const visibility = (s: CompanySettings): VisibilitySettings => ({
  showTicketWithoutQueue: setting(s, 'showTicketWithoutQueue'),
  showMessageGroups: setting(s, 'showMessageGroups'),
  allUserChat: setting(s, 'allUserChat'),
});

/**
 * Show-all switch: when the server widens the lists (mayShowAll), and also for a user with their
 * own allUserChat flag (which the server's lists do not read).
 */
export function canShowAll(v: Viewer, s: CompanySettings): boolean {
  return mayShowAll(v, visibility(s)) || v.allUserChat;
}

/** The group tab: shown when groups are shown to users (showMessageGroups) and always to admins. */
export function groupTabVisible(v: Viewer, s: CompanySettings): boolean {
  return isAdmin(v) || enabled(s, 'showMessageGroups');
}

/** 'Criar Grupo': ultimate plan only (the route's plan gate). */
export function canCreateGroup(plan: PlanView | undefined): boolean {
  return planAllows(plan, { tiers: ['ultimate'] });
}

export const canSpy = (v: Viewer) => can(v, 'tickets:spy');
export const canReopen = (v: Viewer) => can(v, 'tickets:reopen');
export const canDeleteTicket = (v: Viewer) => can(v, 'ticket-options:deleteTicket');
export const canTransferConnection = (v: Viewer) => can(v, 'tickets:transfer-connection');
/** A new ticket needs a queue unless the user is admin ('Selecione uma fila'). */
export const queueRequired = (v: Viewer) => !isAdmin(v);

/** Only admins accept a pending ticket that has no queue (BEHAVIOUR.md). */
export function canAccept(v: Viewer, t: Pick<TicketView, 'status' | 'queueId'>): boolean {
  return t.status === 'pending' && (t.queueId !== null || isAdmin(v));
}

/** A pending row does not open by clicking until it is accepted. */
export const rowOpens = (t: Pick<TicketView, 'status'>) => t.status !== 'pending';

/**
 * A desktop notification and sound for a new customer message: one the user may see, not of a
 * closed ticket, and not on the ticket they are looking at in a focused window.
 */
export function shouldNotify(
  v: Viewer,
  msg: { fromMe: boolean },
  t: Pick<TicketView, 'uuid' | 'userId' | 'queueId' | 'isGroup' | 'status'>,
  s: CompanySettings,
  looking: { uuid: string | undefined; focused: boolean },
): boolean {
  if (msg.fromMe || t.status === 'closed') return false;
  if (looking.focused && looking.uuid === t.uuid) return false;
  if (t.userId !== null && t.userId !== v.id) return false; // someone else's conversation
  return maySee({ ...v, userId: v.id }, t, visibility(s));
}
