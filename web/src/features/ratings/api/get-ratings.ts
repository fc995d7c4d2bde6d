import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RatingsPage } from '@conversa/shared/schemas/ratings';
import { api } from '../../../lib/api';

/** Next page: the server's cursor when it gives one, else the page number (spec 3 §7 pageNumber). */
export type RatingsPageParam = { cursor?: string; page: number };

/** GET /ratings?searchParam=&cursor= → ratings, count, hasMore (20 per page, spec 3 §9). */
export const getRatings = (searchParam: string, param: RatingsPageParam): Promise<RatingsPage> =>
  api.get<RatingsPage>('/ratings', {
    query: {
      searchParam: searchParam || undefined,
      cursor: param.cursor,
      pageNumber: param.cursor || param.page === 1 ? undefined : param.page,
    },
  });

/** Every ratings query (lists, satisfaction, the resolve dialog's choices): what a save reads again. */
export const ratingsKey = ['ratings'] as const;
/** Every ratings list, whatever the search: what mutations and live events touch. */
export const ratingsListKey = [...ratingsKey, 'list'] as const;

export const getRatingsQueryOptions = (searchParam: string) =>
  infiniteQueryOptions({
    queryKey: [...ratingsListKey, { searchParam }] as const,
    queryFn: ({ pageParam }) => getRatings(searchParam, pageParam),
    initialPageParam: { page: 1 } as RatingsPageParam,
    getNextPageParam: (last, _all, lastParam): RatingsPageParam | undefined => (last.hasMore ? { cursor: last.cursor, page: lastParam.page + 1 } : undefined),
  });

export const useRatings = (searchParam: string) => useInfiniteQuery(getRatingsQueryOptions(searchParam));
