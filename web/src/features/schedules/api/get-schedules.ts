import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SchedulesPage } from '@conversa/shared/schemas/schedules';
import { api } from '../../../lib/api';

/** Next page: the server's cursor when it gives one, else the page number (spec 3 §7 pageNumber). */
export type SchedulesPageParam = { cursor?: string; page: number };

/** GET /schedules?searchParam=&cursor= → schedules, hasMore (20 per page). */
export const getSchedules = (searchParam: string, param: SchedulesPageParam): Promise<SchedulesPage> =>
  api.get<SchedulesPage>('/schedules', {
    query: { searchParam: searchParam || undefined, cursor: param.cursor, pageNumber: param.cursor || param.page === 1 ? undefined : param.page },
  });

/** Every schedules query: what a save reads again. */
export const schedulesKey = ['schedules'] as const;
/** Every schedules list, whatever the search: what mutations and live events touch. */
export const schedulesListKey = [...schedulesKey, 'list'] as const;

export const getSchedulesQueryOptions = (searchParam: string) =>
  infiniteQueryOptions({
    queryKey: [...schedulesListKey, { searchParam }] as const,
    queryFn: ({ pageParam }) => getSchedules(searchParam, pageParam),
    initialPageParam: { page: 1 } as SchedulesPageParam,
    getNextPageParam: (last, _all, lastParam): SchedulesPageParam | undefined => (last.hasMore ? { cursor: last.cursor, page: lastParam.page + 1 } : undefined),
  });

export const useSchedules = (searchParam: string) => useInfiniteQuery(getSchedulesQueryOptions(searchParam));

