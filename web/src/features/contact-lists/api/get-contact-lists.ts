import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ContactListsPage, ContactListView } from '@conversa/shared/schemas/contact-lists';
import { api } from '../../../lib/api';

/** Next page: the server's cursor when it gives one, else the page number (spec 3 §7 pageNumber). */
export type ListsPageParam = { cursor?: string; page: number };

/** GET /contact-lists?searchParam=&cursor= → records, hasMore (20 per page). */
export const getContactLists = (searchParam: string, param: ListsPageParam): Promise<ContactListsPage> =>
  api.get<ContactListsPage>('/contact-lists', { query: { searchParam: searchParam || undefined, cursor: param.cursor, pageNumber: param.cursor || param.page === 1 ? undefined : param.page } });

/** Every contact lists query (the pages and one list): what saves and live events read again. */
export const contactListsKey = ['contactLists'] as const;

export const getContactListsQueryOptions = (searchParam: string) =>
  infiniteQueryOptions({
    queryKey: [...contactListsKey, 'pages', { searchParam }] as const,
    queryFn: ({ pageParam }) => getContactLists(searchParam, pageParam),
    initialPageParam: { page: 1 } as ListsPageParam,
    getNextPageParam: (last, _all, lastParam): ListsPageParam | undefined => (last.hasMore ? { cursor: last.cursor, page: lastParam.page + 1 } : undefined),
  });

export const useContactLists = (searchParam: string) => useInfiniteQuery(getContactListsQueryOptions(searchParam));

/** GET /contact-lists/{id}: the items page's title. */
export const getContactList = (id: number): Promise<ContactListView> => api.get<ContactListView>(`/contact-lists/${id}`);
export const getContactListQueryOptions = (id: number) => queryOptions({ queryKey: [...contactListsKey, 'one', id] as const, queryFn: () => getContactList(id) });
export const useContactList = (id: number) => useQuery(getContactListQueryOptions(id));
