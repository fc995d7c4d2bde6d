/**
 * The right drawer's announcements (spec 1 §2, spec 3 §1): the active ones for every signed-in
 * user of every company, priority 1 first then the newest, each with the caller's unread mark.
 * Read marks are kept server-side per user (`C#<cid>#ANNREAD`), so they follow the user across
 * browsers.
 */
import { compareAnnouncements, type AnnouncementView } from '@conversa/shared/schemas/announcements';
import { activeAnnouncements, getAnnouncement, markAnnouncementRead, readAnnouncementIds } from '../../adapters/db/announcements';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { toAnnouncementView } from './manage-announcements';

/** The drawer shows at most this many. */
export const DRAWER_LIMIT = 50;

export async function drawerAnnouncements(auth: AuthContext): Promise<{ records: (AnnouncementView & { read: boolean })[] }> {
  const [active, read] = await Promise.all([activeAnnouncements(DRAWER_LIMIT), readAnnouncementIds(auth.companyId, auth.userId)]);
  const views = await Promise.all(active.map(toAnnouncementView));
  return { records: views.sort(compareAnnouncements).map((v) => ({ ...v, read: read.has(v.id) })) };
}

/** POST /announcements/{id}/read: the caller's own mark (an inactive or unknown one is not found). */
export async function markRead(auth: AuthContext, id: number): Promise<void> {
  const a = await getAnnouncement(id);
  if (!a || !a.status) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
  await markAnnouncementRead(auth.companyId, auth.userId, id);
}
