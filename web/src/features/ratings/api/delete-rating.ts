import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { RatingsPage } from '@conversa/shared/schemas/ratings';
import { api } from '../../../lib/api';
import { removeRating } from '../lib/ratings-cache';
import { ratingsListKey } from './get-ratings';

/** DELETE /ratings/{id}. */
export const deleteRating = (id: number): Promise<void> => api.delete<void>(`/ratings/${id}`);

export function useDeleteRating(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteRating,
    onSuccess: (_r, id) => {
      for (const [key, list] of qc.getQueriesData<InfiniteData<RatingsPage>>({ queryKey: ratingsListKey })) qc.setQueryData(key, removeRating(list, id));
      options.onSuccess?.();
    },
  });
}
