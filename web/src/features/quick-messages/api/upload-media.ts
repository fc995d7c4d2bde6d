import { useMutation } from '@tanstack/react-query';
import type { UploadTicket } from '@conversa/shared/schemas/messages';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';

/** POST /messages/upload for a presigned URL, then PUT the file there; answers the object key. */
export async function uploadMedia(file: File): Promise<{ key: string; name: string }> {
  const ticket = await api.post<UploadTicket>('/messages/upload', { filename: file.name, mimetype: file.type, size: file.size });
  const res = await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: file });
  if (!res.ok) throw new ApiError(res.status, undefined, await res.text().catch(() => ''));
  return { key: ticket.key, name: file.name };
}

export function useUploadMedia() {
  return useMutation({ mutationFn: uploadMedia });
}
