import { useMutation } from '@tanstack/react-query';
import type { ChatbotOptionView } from '@conversa/shared/schemas/queues';
import { api } from '../../../lib/api';
import { uploadFile } from '../../../lib/upload-file';

/**
 * A file option's media (spec 2 §5, the option must be saved first): POST /messages/upload for a
 * presigned URL, PUT the file there, then POST /queue-options/{id}/file with the stored key.
 */
export async function uploadOptionFile({ optionId, file }: { optionId: number; file: File }): Promise<ChatbotOptionView> {
  const mediaKey = await uploadFile(file, file.type || 'application/octet-stream');
  return api.post<ChatbotOptionView>(`/queue-options/${optionId}/file`, { mediaKey, mediaName: file.name });
}

export const useUploadOptionFile = () => useMutation({ mutationFn: uploadOptionFile });
