import { compareAnnouncements, type AnnouncementView } from '@conversa/shared/schemas/announcements';
import type { RealtimePayload } from '@conversa/shared/realtime-payloads';

export type DrawerItem = AnnouncementView & { read: boolean };

/**
 * The drawer's list after a live event: a saved active one is put in (a new one unread, a changed
 * one keeping its mark), an inactive or deleted one taken out; in the drawer's order.
 */
export function applyAnnouncementEvent(list: DrawerItem[], e: RealtimePayload<'announcement'>): DrawerItem[] {
  if (e.action === 'delete') return list.filter((a) => a.id !== e.id);
  const rest = list.filter((a) => a.id !== e.record.id);
  if (!e.record.status) return rest;
  const read = list.find((a) => a.id === e.record.id)?.read ?? false;
  return [...rest, { ...e.record, read }].sort(compareAnnouncements);
}
