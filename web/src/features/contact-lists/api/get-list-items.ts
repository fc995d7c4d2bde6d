import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ContactListItemsPage } from '@conversa/shared/schemas/contact-lists';
import { api } from '../../../lib/api';
import type { ListsPageParam } from './get-contact-lists';

/** GET /contact-list-items?contactListId=&searchParam=&cursor= → contacts, hasMore (20 per page). */
export const getListItems = (contactListId: number, searchParam: string, param: ListsPageParam): Promise<ContactListItemsPage> =>
  api.get<ContactListItemsPage>('/contact-list-items', {
    query: { contactListId, searchParam: searchParam || undefined, cursor: param.cursor, pageNumber: param.cursor || param.page === 1 ? undefined : param.page },
  });

/** Every items query of one list: what saves, imports and live events read again. */
export const listItemsKey = (contactListId: number) => ['contactListItems', contactListId] as const;

export const getListItemsQueryOptions = (contactListId: number, searchParam: string) =>
  infiniteQueryOptions({
    queryKey: [...listItemsKey(contactListId), { searchParam }] as const,
    queryFn: ({ pageParam }) => getListItems(contactListId, searchParam, pageParam),
    initialPageParam: { page: 1 } as ListsPageParam,
    getNextPageParam: (last, _all, lastParam): ListsPageParam | undefined => (last.hasMore ? { cursor: last.cursor, page: lastParam.page + 1 } : undefined),
  });

export const useListItems = (contactListId: number, searchParam: string) => useInfiniteQuery(getListItemsQueryOptions(contactListId, searchParam));
