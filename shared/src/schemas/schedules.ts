/**
 * Scheduled messages (spec 3 "Schedules page", §3 Schedule, §4, §5, §7 "Schedules"; BEHAVIOUR.md
 * "Lanes, schedules and open-by-phone"): a message sent to a contact at a chosen time, through the
 * normal outbound path, once; recurring every `daysR` days when above 0.
 */
import { z } from 'zod';
import { MediaRef } from './messages';
import { PageQuery } from './common';

export const SCHEDULE_STATUSES = ['PENDENTE', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** Spec 3 §5: attachments .png .jpg .jpeg .mp4 .mp3 .ogg (their content is checked on the server too). */
export const SCHEDULE_MEDIA_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.mp4', '.mp3', '.ogg'] as const;
export const SCHEDULE_MEDIA_TYPES: Readonly<Record<string, readonly string[]>> = {
  '.png': ['image/png'],
  '.jpg': ['image/jpeg'],
  '.jpeg': ['image/jpeg'],
  '.mp4': ['video/mp4'],
  '.mp3': ['audio/mpeg', 'audio/mp3'],
  '.ogg': ['audio/ogg', 'application/ogg'],
};
/** A file name and type a schedule may carry: one of the spec's extensions, with its own type. */
export function isScheduleMedia(filename: string, mimetype: string): boolean {
  const ext = /\.[^.]+$/.exec(filename.toLowerCase())?.[0] ?? '';
  return (SCHEDULE_MEDIA_TYPES[ext] ?? []).includes(mimetype.toLowerCase().split(';')[0]!.trim());
}
/** The type a picked file is sent with when it is one of the spec's attachments (by its extension), else undefined. */
export function scheduleMediaType(file: { name: string; type: string }): string | undefined {
  const ext = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0] ?? '';
  const types = SCHEDULE_MEDIA_TYPES[ext];
  if (!types) return undefined;
  return types.includes(file.type.toLowerCase()) ? file.type.toLowerCase() : types[0];
}
/** The accept attribute of the dialog's file input. */
export const SCHEDULE_MEDIA_ACCEPT = SCHEDULE_MEDIA_EXTENSIONS.join(',');

/** Spec 3 §9: the list shows the body cut at 25 characters plus an ellipsis. */
export const SCHEDULE_PREVIEW_CHARS = 25;
export const schedulePreview = (body: string): string => (body.length > SCHEDULE_PREVIEW_CHARS ? `${body.slice(0, SCHEDULE_PREVIEW_CHARS)}…` : body);
/** Spec 3 §5: the dialog's default send time is now plus 5 minutes. */
export const SCHEDULE_DEFAULT_DELAY_MS = 5 * 60_000;
/** Recurrence 0 to 30 days (0 = once), spec 3 §9. */
export const SCHEDULE_MAX_DAYS_R = 30;

export const ScheduleView = z.object({
  id: z.number(),
  body: z.string(),
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  status: z.enum(SCHEDULE_STATUSES),
  /** Why the send failed (an ERR_ code, or the sender's reason), on ERRO. */
  error: z.string().nullable(),
  contactId: z.number(),
  contact: z.object({ id: z.number(), name: z.string() }),
  userId: z.number().nullable(),
  whatsappId: z.number().nullable(),
  daysR: z.number(),
  campId: z.number().nullable(),
  mediaName: z.string().nullable(),
  mimetype: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScheduleView = z.infer<typeof ScheduleView>;
export type SchedulesPage = { schedules: ScheduleView[]; hasMore: boolean; cursor?: string };

const Id = z.number().int().positive().max(2 ** 40);
/** An ISO date-time with its offset (the dialog sends the local time it shows, as an instant). */
const Instant = z.iso.datetime({ offset: true, message: 'Obrigatório' });
const ScheduleFields = {
  body: z.string().trim().min(5, 'Mensagem muito curta').max(4096, 'Too Long!'),
  sendAt: Instant,
  contactId: Id,
  userId: z.union([Id, z.null()]).optional(),
  /** The connection to send on; absent = the contact's open ticket's, else the company's default. */
  whatsappId: z.union([Id, z.null()]).optional(),
  daysR: z.number().int().min(0).max(SCHEDULE_MAX_DAYS_R).optional(),
  /** The lane (tag) whose campaign planned it; null for a schedule made by hand. */
  campId: z.union([Id, z.null()]).optional(),
  media: MediaRef.optional(),
};
export const ScheduleBody = z.object({ ...ScheduleFields, sendAt: z.union([Instant, z.literal('')]).refine((v) => v !== '', 'Obrigatório') }).strict();
export type ScheduleBody = z.infer<typeof ScheduleBody>;
/** Only the fields sent change. */
export const UpdateScheduleBody = z.object(ScheduleFields).partial().strict();
export type UpdateScheduleBody = z.infer<typeof UpdateScheduleBody>;
export const ListSchedulesQuery = PageQuery.extend({
  searchParam: z.string().max(200).optional(),
  contactId: z.coerce.number().int().positive().max(2 ** 40).optional(),
  /** 1: only the schedules a lane's campaign planned (`campId` set), the Active campaigns list (spec 3). */
  lanes: z.coerce.number().int().min(0).max(1).optional(),
});
/** POST /schedules/{id}/media-upload: the uploaded file (POST /messages/upload, then its presigned PUT). */
export const ScheduleMediaBody = MediaRef;
