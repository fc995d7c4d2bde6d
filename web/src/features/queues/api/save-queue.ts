import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { QueueBody, QueueView, UpdateQueueBody } from '@conversa/shared/schemas/queues';
import { api } from '../../../lib/api';
import { applyQueue } from '../../../lib/queues';
import { queueDetailKey } from './get-queue';

export type SaveQueueInput = { id?: number; body: z.input<typeof QueueBody> | z.input<typeof UpdateQueueBody> };

/**
 * POST /queue, or PUT /queue/{id}; `chatbots` replaces the stored tree. Errors (toasted by the
 * shared handler): ERR_QUEUE_COLOR_ALREADY_EXISTS, ERR_QUEUE_INVALID_COLOR, ERR_MAX_QUEUES_REACHED.
 */
export const saveQueue = ({ id, body }: SaveQueueInput): Promise<QueueView> =>
  id === undefined ? api.post<QueueView>('/queue', body) : api.put<QueueView>(`/queue/${id}`, body);

export function useSaveQueue(options: { onSuccess?: (q: QueueView) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveQueue,
    onSuccess: (q) => {
      applyQueue(qc, { queue: q });
      qc.setQueryData(queueDetailKey(q.id), q);
      options.onSuccess?.(q);
    },
  });
}
