/**
 * Who may see a ticket (spec 1 §6, BEHAVIOUR.md step 7): one rule for the ticket list, the access
 * checks, who receives each realtime event (the server) and which events notify (the SPA).
 */
import { can, isAdmin, type Principal } from './roles';
import type { SettingKey } from './settings';

export type TicketViewer = Principal & { userId: number; queueIds: readonly number[] };
export type VisibleTicket = { userId: number | null; queueId: number | null; isGroup: boolean };
/** The company settings the rule reads (values as stored: 'enabled' / 'disabled'). */
export type VisibilitySettings = Pick<Record<SettingKey, string>, 'showTicketWithoutQueue' | 'showMessageGroups' | 'allUserChat'>;

export function maySee(v: TicketViewer, t: VisibleTicket, s: VisibilitySettings): boolean {
  if (isAdmin(v)) return true;
  if (t.userId !== null && t.userId === v.userId) return true;
  if (t.isGroup && s.showMessageGroups !== 'enabled') return false;
  if (s.allUserChat === 'enabled') return true;
  if (t.queueId === null) return s.showTicketWithoutQueue === 'enabled';
  return v.queueIds.includes(t.queueId) && (t.userId === null || t.userId === v.userId);
}

/** What a list shows without show-all: the viewer's own tickets and the unassigned ones of their queues (or of none). */
export function inOwnLists(v: Pick<TicketViewer, 'userId' | 'queueIds'>, t: Omit<VisibleTicket, 'isGroup'>): boolean {
  return t.userId === v.userId || (t.userId === null && (t.queueId === null || v.queueIds.includes(t.queueId)));
}

/** Whether show-all widens the lists: admins, or everyone while the company's allUserChat is enabled. */
export function mayShowAll(who: Principal, s: Pick<VisibilitySettings, 'allUserChat'>): boolean {
  return can(who, 'tickets:show-all') || s.allUserChat === 'enabled';
}
