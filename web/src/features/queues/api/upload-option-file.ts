import { useMutation } from '@tanstack/react-query';
import type { ChatbotOptionView } from '@conversa/shared/schemas/queues';
import type { UploadTicket } from '@conversa/shared/schemas/messages';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';

/**
 * A file option's media (spec 2 §5, the option must be saved first): POST /messages/upload for a
 * presigned URL, PUT the file there, then POST /queue-options/{id}/file with the stored key.
 */
export async function uploadOptionFile({ optionId, file }: { optionId: number; file: File }): Promise<ChatbotOptionView> {
  const ticket = await api.post<UploadTicket>('/messages/upload', { filename: file.name, mimetype: file.type || 'application/octet-stream', size: file.size });
  const res = await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: file });
  if (!res.ok) throw new ApiError(res.status, undefined, await res.text().catch(() => ''));
  return api.post<ChatbotOptionView>(`/queue-options/${optionId}/file`, { mediaKey: ticket.key, mediaName: file.name });
}

export const useUploadOptionFile = () => useMutation({ mutationFn: uploadOptionFile });
