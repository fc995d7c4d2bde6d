import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { RatingsPage, RatingView } from '@conversa/shared/schemas/ratings';
import { channel } from '@conversa/shared/realtime';
import { useChannel } from '../../../lib/realtime';
import { ratingsListKey } from '../api/get-ratings';
import { matchesSearch, removeRating, upsertRating } from '../lib/ratings-cache';

type RatingEvent = { action: 'create' | 'update' | 'delete'; rating?: RatingView; ratingId?: number };

/** `company-{id}-rating`: create / update / delete merge into every cached list. */
export function useRatingsRealtime(companyId: number): void {
  const qc = useQueryClient();
  useChannel<RatingEvent>(channel.rating(companyId), ({ data }) => {
    const lists = qc.getQueriesData<InfiniteData<RatingsPage>>({ queryKey: ratingsListKey });
    if ((data.action === 'create' || data.action === 'update') && data.rating) {
      const rating = data.rating;
      for (const [key, list] of lists) {
        const search = (key[2] as { searchParam?: string } | undefined)?.searchParam ?? '';
        qc.setQueryData(key, upsertRating(list, rating, data.action === 'create' && matchesSearch(rating, search)));
      }
    } else if (data.action === 'delete') {
      const id = data.ratingId ?? data.rating?.id;
      if (id !== undefined) for (const [key, list] of lists) qc.setQueryData(key, removeRating(list, id));
    }
  });
}
