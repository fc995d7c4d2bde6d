import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { applyQueue } from '../../../lib/queues';
import { queueDetailKey } from './get-queue';

/** DELETE /queue/{id}: its options go with it; tickets keep their queue id. */
export const deleteQueue = (id: number): Promise<void> => api.delete<void>(`/queue/${id}`);

export function useDeleteQueue(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteQueue,
    onSuccess: (_r, id) => {
      applyQueue(qc, { deletedId: id });
      qc.removeQueries({ queryKey: queueDetailKey(id) });
      options.onSuccess?.();
    },
  });
}
