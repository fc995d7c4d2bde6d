import { useQueryClient } from '@tanstack/react-query';
import { channel } from '@conversa/shared/realtime';
import { useChannel } from '../../../lib/realtime';
import { drawerAnnouncementsKey, type DrawerAnnouncement } from '../api/announcements';
import { applyAnnouncementEvent } from '../lib/announcements-cache';

/** `company-{id}-announcement`: the drawer's list follows the super users' changes live. */
export function useAnnouncementsRealtime(companyId: number): void {
  const qc = useQueryClient();
  useChannel(channel.announcement(companyId), ({ data }) => {
    qc.setQueryData<{ records: DrawerAnnouncement[] }>(drawerAnnouncementsKey, (d) => (d ? { records: applyAnnouncementEvent(d.records, data) } : d));
  });
}
