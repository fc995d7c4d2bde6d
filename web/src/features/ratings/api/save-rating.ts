import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { RatingBody, RatingsPage, RatingView } from '@conversa/shared/schemas/ratings';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { upsertRating } from '../lib/ratings-cache';
import { ratingsKey, ratingsListKey } from './get-ratings';

export type RatingInput = z.input<typeof RatingBody>;

/** POST /ratings, or PUT /ratings/{id} (spec 3 §7). */
export const saveRating = ({ id, body }: { id?: number; body: RatingInput }): Promise<RatingView> =>
  id === undefined ? api.post<RatingView>('/ratings', body) : api.put<RatingView>(`/ratings/${id}`, body);

/**
 * A changed rating is redrawn at once; every ratings query is then read again (a new one takes
 * its place in the server's order; a rating made geral turned the previous one off).
 */
export function useSaveRating(options: { onSuccess?: (r: RatingView) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveRating,
    onSuccess: (r) => {
      for (const [key, list] of qc.getQueriesData<InfiniteData<RatingsPage>>({ queryKey: ratingsListKey })) qc.setQueryData(key, upsertRating(list, r));
      void qc.invalidateQueries({ queryKey: ratingsKey });
      options.onSuccess?.(r);
    },
  });
}
