/**
 * Announcements (spec 3 "Announcements page", §3, §5, §6, §9): platform-wide notes written by super
 * users (`P#ANNOUNCEMENTS`), each with an optional attachment (png, jpg, jpeg, mp4, avi, mkv,
 * checked by content), a priority 1–3 (3 by default) and an active flag (on by default). Every
 * change is audited in the super user's company and published to every company's connected users
 * (the realtime publisher's `announcement.*`).
 */
import { randomUUID } from 'node:crypto';
import { UPLOAD_LIMIT_BYTES } from '@conversa/shared/constants';
import { ANNOUNCEMENT_MEDIA_TYPES, type AnnouncementsPage, type AnnouncementView } from '@conversa/shared/schemas/announcements';
import { announcementPage, deleteAnnouncement, getAnnouncement, putAnnouncement, type Announcement } from '../../adapters/db/announcements';
import { nextPlatformId } from '../../adapters/db/counters';
import { decodeCursor, encodeCursor } from '../../adapters/db/keys';
import { copyMedia, presignRead, safeFilename } from '../../adapters/media';
import { AppError } from '../../lib/app-error';
import { fitsType } from '../../lib/file-signature';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';
import { emit } from '../events/dispatch';
import { uploadedFile } from '../messages/upload-media';

export async function toAnnouncementView(a: Announcement): Promise<AnnouncementView> {
  const { mediaKey, ...rest } = a;
  return { ...rest, mediaPath: mediaKey ? await presignRead(mediaKey, a.mediaName ?? undefined) : null };
}

/** What the audit keeps of one: its fields, the active flag by a name the audit does not skip. */
const audited = ({ status, mediaKey: _k, ...a }: Announcement) => ({ ...a, active: status });

async function saved(auth: AuthContext, a: Announcement, created: boolean): Promise<AnnouncementView> {
  const view = await toAnnouncementView(a);
  await emit({ type: 'announcement.saved', companyId: auth.companyId, announcementId: a.id, created }, { view });
  return view;
}

async function found(id: number): Promise<Announcement> {
  const a = await getAnnouncement(id);
  if (!a) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
  return a;
}

/** GET /announcements (super): every announcement, newest first, by cursor; `searchParam` filters the page by title or text. */
export async function listAnnouncements(q: { cursor?: string; limit?: number; searchParam?: string }): Promise<AnnouncementsPage> {
  const page = await announcementPage({ after: decodeCursor(q.cursor, 'P#ANNOUNCEMENTS'), limit: q.limit ?? 20 });
  const needle = q.searchParam?.trim().toLowerCase();
  const items = needle ? page.items.filter((a) => `${a.title} ${a.text}`.toLowerCase().includes(needle)) : page.items;
  return { records: await Promise.all(items.map(toAnnouncementView)), hasMore: Boolean(page.last), ...(page.last ? { cursor: encodeCursor(page.last) } : {}) };
}

export async function findAnnouncement(id: number): Promise<AnnouncementView> {
  return toAnnouncementView(await found(id));
}

export async function createAnnouncement(auth: AuthContext, input: { title: string; text: string; priority: 1 | 2 | 3; status: boolean }): Promise<AnnouncementView> {
  const now = new Date().toISOString();
  const a: Announcement = { id: await nextPlatformId('announcement'), ...input, mediaKey: null, mediaName: null, mediaType: null, createdAt: now, updatedAt: now };
  if (!(await putAnnouncement(a, { isNew: true }))) throw new AppError('ERR_CONFLICT');
  await recordAudit(auth, { action: 'announcement.create', target: { id: a.id, name: a.title }, after: audited(a) });
  return saved(auth, a, true);
}

async function change(auth: AuthContext, id: number, edit: (was: Announcement) => Partial<Announcement>, action: 'announcement.update' | 'announcement.media'): Promise<AnnouncementView> {
  const was = await found(id);
  const a: Announcement = { ...was, ...edit(was), updatedAt: new Date().toISOString() };
  if (!(await putAnnouncement(a, { updatedAt: was.updatedAt }))) throw new AppError('ERR_CONFLICT');
  await recordAudit(auth, { action, target: { id, name: a.title }, before: audited(was), after: audited(a) });
  return saved(auth, a, false);
}

export function updateAnnouncement(auth: AuthContext, id: number, input: Partial<Pick<Announcement, 'title' | 'text' | 'priority' | 'status'>>): Promise<AnnouncementView> {
  return change(auth, id, () => input, 'announcement.update');
}

export async function removeAnnouncement(auth: AuthContext, id: number): Promise<void> {
  const was = await deleteAnnouncement(id);
  if (!was) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
  await recordAudit(auth, { action: 'announcement.delete', target: { id, name: was.title }, before: audited(was) });
  await emit({ type: 'announcement.deleted', companyId: auth.companyId, announcementId: id }, {});
}

/**
 * POST /announcements/{id}/media-upload: a file the super user uploaded (POST /messages/upload),
 * of an allowed type by its stored type and its bytes, copied under `platform/announcements/<id>/`.
 */
export async function attachMedia(auth: AuthContext, id: number, input: { key: string; name?: string }): Promise<AnnouncementView> {
  await found(id);
  const file = await uploadedFile(auth.companyId, input.key, UPLOAD_LIMIT_BYTES);
  const type = (file.contentType ?? '').toLowerCase().split(';')[0]!.trim();
  if (!ANNOUNCEMENT_MEDIA_TYPES[type] || !fitsType(type, file.head)) throw new AppError('ERR_ANNOUNCEMENT_MEDIA_TYPE');
  const name = safeFilename(input.name ?? input.key.split('/').pop() ?? 'arquivo');
  const mediaKey = `platform/announcements/${id}/${randomUUID()}/${name}`;
  await copyMedia(input.key, mediaKey, type, name);
  return change(auth, id, () => ({ mediaKey, mediaName: name, mediaType: type.startsWith('video/') ? 'video' : 'image' }), 'announcement.media');
}

/** DELETE /announcements/{id}/media-upload: the attachment is taken off (the object stays for the audit's before). */
export function detachMedia(auth: AuthContext, id: number): Promise<AnnouncementView> {
  return change(auth, id, () => ({ mediaKey: null, mediaName: null, mediaType: null }), 'announcement.media');
}
