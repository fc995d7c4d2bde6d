import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SchedulesPage } from '@conversa/shared/schemas/schedules';
import { api } from '../../../lib/api';

/** Next page: the server's cursor when it gives one, else the page number (spec 3 §7 pageNumber). */
export type SchedulesPageParam = { cursor?: string; page: number };

/** `lanes`: only the lanes' campaign schedules (the Active campaigns list); `contactId`: one contact's. */
export type SchedulesFilter = { lanes?: boolean; contactId?: number };

/** GET /schedules?searchParam=&lanes=&contactId=&cursor= → schedules, hasMore (20 per page). */
export const getSchedules = (searchParam: string, param: SchedulesPageParam, filter: SchedulesFilter = {}): Promise<SchedulesPage> =>
  api.get<SchedulesPage>('/schedules', {
    query: {
      searchParam: searchParam || undefined,
      lanes: filter.lanes ? 1 : undefined,
      contactId: filter.contactId,
      cursor: param.cursor,
      pageNumber: param.cursor || param.page === 1 ? undefined : param.page,
    },
  });

/** Every schedules query: what a save reads again. */
export const schedulesKey = ['schedules'] as const;
/** Every schedules list, whatever the search: what mutations and live events touch. */
export const schedulesListKey = [...schedulesKey, 'list'] as const;

export const getSchedulesQueryOptions = (searchParam: string, filter: SchedulesFilter = {}) =>
  infiniteQueryOptions({
    queryKey: [...schedulesListKey, { searchParam, ...filter }] as const,
    queryFn: ({ pageParam }) => getSchedules(searchParam, pageParam, filter),
    initialPageParam: { page: 1 } as SchedulesPageParam,
    getNextPageParam: (last, _all, lastParam): SchedulesPageParam | undefined => (last.hasMore ? { cursor: last.cursor, page: lastParam.page + 1 } : undefined),
  });

export const useSchedules = (searchParam: string, filter?: SchedulesFilter) => useInfiniteQuery(getSchedulesQueryOptions(searchParam, filter));

