/**
 * Who may see a ticket (spec 1 §6, BEHAVIOUR.md step 7): the same rule decides the ticket list
 * and who receives each realtime event.
 */
import type { Profile } from '@conversa/shared/roles';

export type Viewer = { userId: number; profile: Profile; super: boolean; queueIds: number[] };
export type VisibleTicket = { userId: number | null; queueId: number | null; isGroup: boolean };
export type VisibilitySettings = { showTicketWithoutQueue: string; showMessageGroups: string; allUserChat: string };

export function maySee(v: Viewer, t: VisibleTicket, s: VisibilitySettings): boolean {
  if (v.super || v.profile === 'admin') return true;
  if (t.userId !== null && t.userId === v.userId) return true;
  if (t.isGroup && s.showMessageGroups !== 'enabled') return false;
  if (s.allUserChat === 'enabled') return true;
  if (t.queueId === null) return s.showTicketWithoutQueue === 'enabled';
  return v.queueIds.includes(t.queueId) && (t.userId === null || t.userId === v.userId);
}
