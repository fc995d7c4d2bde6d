/**
 * Announcements (spec 3 "Announcements page", §3 Announcement, §5, §7, §9): platform-wide notes
 * the super users write, shown to every user of every company in the right drawer.
 */
import { z } from 'zod';
import { PageQuery } from './common';

export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
/** Spec 3 §9: priority 3 (low) and active by default. */
export const DEFAULT_ANNOUNCEMENT_PRIORITY = 3;
/** Spec 3 §5 attachments, by their MIME types. */
export const ANNOUNCEMENT_MEDIA_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'video/mp4': 'mp4',
  'video/x-msvideo': 'avi',
  'video/avi': 'avi',
  'video/x-matroska': 'mkv',
};
/** The `accept` of the file input. */
export const ANNOUNCEMENT_ACCEPT = '.png,.jpg,.jpeg,.mp4,.avi,.mkv';

const Fields = {
  title: z.string().trim().min(1, 'Obrigatório').max(200, 'Too Long!'),
  text: z.string().trim().min(1, 'Obrigatório').max(4000, 'Too Long!'),
  priority: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  status: z.boolean(),
};
export const AnnouncementBody = z
  .object({ title: Fields.title, text: Fields.text, priority: Fields.priority.default(DEFAULT_ANNOUNCEMENT_PRIORITY), status: Fields.status.default(true) })
  .strict();
export const UpdateAnnouncementBody = z.object(Fields).partial().strict();
export const ListAnnouncementsQuery = PageQuery.extend({ searchParam: z.string().max(200).optional() }).strict();

/** POST /announcements/{id}/media-upload: a file PUT through POST /messages/upload (see branding.ts StoredFileBody). */
export const AnnouncementMediaBody = z.object({ key: z.string().min(1).max(1024), name: z.string().trim().min(1).max(200).optional() }).strict();

/** An announcement as the API answers it: the attachment's file name (spec 3 §3 mediaName) and a short-lived URL to it (mediaPath). */
const AnnouncementWire = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  priority: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  status: z.boolean(),
  mediaName: z.string().nullable(),
  mediaPath: z.string().nullable(),
  mediaType: z.enum(['image', 'video']).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AnnouncementView = z.infer<typeof AnnouncementWire>;
export type AnnouncementsPage = { records: AnnouncementView[]; hasMore: boolean; cursor?: string };

/** The drawer's order: priority 1 first, then the newest. */
export function compareAnnouncements(a: Pick<AnnouncementView, 'priority' | 'createdAt' | 'id'>, b: Pick<AnnouncementView, 'priority' | 'createdAt' | 'id'>): number {
  return a.priority - b.priority || b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
}



/** `company-{id}-announcement` (every signed-in user of every company): saved (active or not), or deleted. */
export const AnnouncementPayload = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), record: AnnouncementWire }),
  z.object({ action: z.literal('delete'), id: z.number() }),
]);
