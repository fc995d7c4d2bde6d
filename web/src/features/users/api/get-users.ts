import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { UserView } from '@conversa/shared/schemas/auth';
import { api } from '../../../lib/api';

export type UsersPage = { users: UserView[]; hasMore: boolean; cursor?: string };
/** Next page: the server's cursor when it gives one, else the page number (spec 2 §7 pageNumber). */
export type UsersPageParam = { cursor?: string; page: number };

/** GET /users?searchParam=&cursor= (admin). */
export const getUsers = (searchParam: string, param: UsersPageParam): Promise<UsersPage> =>
  api.get<UsersPage>('/users', {
    query: {
      searchParam: searchParam || undefined,
      cursor: param.cursor,
      pageNumber: param.cursor || param.page === 1 ? undefined : param.page,
    },
  });

/** Every users list, whatever the search: what mutations and live events touch. */
export const usersListKey = ['users', 'list'] as const;

export const getUsersQueryOptions = (searchParam: string) =>
  infiniteQueryOptions({
    queryKey: [...usersListKey, { searchParam }] as const,
    queryFn: ({ pageParam }) => getUsers(searchParam, pageParam),
    initialPageParam: { page: 1 } as UsersPageParam,
    getNextPageParam: (last, _all, lastParam): UsersPageParam | undefined =>
      last.hasMore ? { cursor: last.cursor, page: lastParam.page + 1 } : undefined,
  });

export const useUsers = (searchParam: string) => useInfiniteQuery(getUsersQueryOptions(searchParam));
