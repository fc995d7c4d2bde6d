import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RatingListItem } from '@conversa/shared/schemas/ratings';
import { api } from '../../../lib/api';

/** GET /ratings/list (spec 1 §7): every rating of the company, for "resolve and send rating". */
export const getRatingsList = async (): Promise<RatingListItem[]> => {
  const body = await api.get<RatingListItem[] | { ratings: RatingListItem[] }>('/ratings/list');
  return Array.isArray(body) ? body : body.ratings;
};

/** Under ['ratings'], so what the ratings screens save invalidates it too. */
export const getRatingsListQueryOptions = () => queryOptions({ queryKey: ['ratings', 'names'] as const, queryFn: getRatingsList, staleTime: 60_000 });

export const useRatingsList = (enabled = true) => useQuery({ ...getRatingsListQueryOptions(), enabled });
