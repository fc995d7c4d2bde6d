import type { UploadTicket } from '@conversa/shared/schemas/messages';
import { api } from './api';
import { ApiError } from './api-error';

export type UploadRequest = { filename: string; mimetype: string; size: number };

/**
 * POST /messages/upload → where to PUT the file (the server checks type and the 20 MB limit): the
 * chat's media, a quick reply's file, a queue option's file, a contacts import.
 */
export const requestUpload = (body: UploadRequest): Promise<UploadTicket> => api.post<UploadTicket>('/messages/upload', body);

/** Both steps: asks where, PUTs the file there, answers the stored object's key. */
export async function uploadFile(file: File, mimetype: string): Promise<string> {
  const ticket = await requestUpload({ filename: file.name, mimetype, size: file.size });
  const res = await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: file });
  if (!res.ok) throw new ApiError(res.status, undefined, await res.text().catch(() => ''));
  return ticket.key;
}

/**
 * A dialog's attachment change applied through a record's `…/media-upload` (schedules,
 * campaigns): a new file uploaded and named with POST, a removal with DELETE; no change answers
 * the record as it is.
 */
export async function applyMediaChange<T>(mediaPath: string, media: { file: File; mimetype: string } | 'remove' | undefined, saved: T): Promise<T> {
  if (media === 'remove') return api.delete<T>(mediaPath);
  if (!media) return saved;
  const key = await uploadFile(media.file, media.mimetype);
  return api.post<T>(mediaPath, { key, filename: media.file.name, mimetype: media.mimetype });
}
