import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { SchedulesPage } from '@conversa/shared/schemas/schedules';
import { api } from '../../../lib/api';
import { removeSchedule } from '../lib/schedules-cache';
import { schedulesListKey } from './get-schedules';

/** DELETE /schedules/{id}. */
export const deleteSchedule = (id: number): Promise<void> => api.delete<void>(`/schedules/${id}`);

export function useDeleteSchedule(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    onSuccess: (_v, id) => {
      for (const [key, list] of qc.getQueriesData<InfiniteData<SchedulesPage>>({ queryKey: schedulesListKey })) qc.setQueryData(key, removeSchedule(list, id));
      options.onSuccess?.();
    },
  });
}
