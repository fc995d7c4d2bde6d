import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuickMessageView } from '@conversa/shared/schemas/quick-messages';
import { api } from '../../../lib/api';
import { quickMessagesKey } from '../../../lib/get-quick-messages';

/** DELETE /quick-messages/{id}. */
export const deleteQuickMessage = (id: number): Promise<void> => api.delete<void>(`/quick-messages/${id}`);

export function useDeleteQuickMessage(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteQuickMessage,
    onSuccess: (_r, id) => {
      qc.setQueryData<QuickMessageView[]>(quickMessagesKey, (list) => list?.filter((q) => q.id !== id));
      options.onSuccess?.();
    },
  });
}
