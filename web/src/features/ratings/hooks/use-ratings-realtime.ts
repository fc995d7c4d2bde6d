import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { RatingsPage } from '@conversa/shared/schemas/ratings';
import { channel } from '@conversa/shared/realtime';
import { useChannel } from '../../../lib/realtime';
import { ratingsListKey } from '../api/get-ratings';
import { isListed, removeRating, upsertRating } from '../lib/ratings-cache';

/**
 * `company-{id}-rating` (admins): a listed rating changes in place; one a list does not hold
 * (new, or beyond the loaded pages) makes that list read again, in the server's order.
 */
export function useRatingsRealtime(companyId: number): void {
  const qc = useQueryClient();
  useChannel(channel.rating(companyId), ({ data }) => {
    const lists = qc.getQueriesData<InfiniteData<RatingsPage>>({ queryKey: ratingsListKey });
    if (data.action === 'update') {
      for (const [key, list] of lists) {
        if (isListed(list, data.rating.id)) qc.setQueryData(key, upsertRating(list, data.rating));
        else void qc.invalidateQueries({ queryKey: key, exact: true });
      }
    } else {
      for (const [key, list] of lists) qc.setQueryData(key, removeRating(list, data.ratingId));
    }
  });
}
