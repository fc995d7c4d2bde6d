import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CONTACT_SEARCH_MIN_CHARS } from '@conversa/shared/constants';
import type { ContactsPage } from '@conversa/shared/schemas/contacts';
import { api } from './api';

/** Next page: the server's cursor when it gives one, else the page number (spec 1 §7 pageNumber). */
export type ContactsPageParam = { cursor?: string; page: number };

/** GET /contacts?searchParam=&cursor= → contacts, hasMore, count: the contacts page and the new-ticket and new-group pickers. */
export const getContacts = (searchParam: string, param: ContactsPageParam, signal?: AbortSignal): Promise<ContactsPage> =>
  api.get<ContactsPage>('/contacts', {
    query: {
      searchParam: searchParam || undefined,
      cursor: param.cursor,
      pageNumber: param.cursor || param.page === 1 ? undefined : param.page,
    },
    signal,
  });

/** Every contacts list, whatever the search: what mutations and live events touch. */
export const contactsListKey = ['contacts', 'list'] as const;

export const getContactsQueryOptions = (searchParam: string) =>
  infiniteQueryOptions({
    queryKey: [...contactsListKey, { searchParam }] as const,
    queryFn: ({ pageParam, signal }) => getContacts(searchParam, pageParam, signal),
    initialPageParam: { page: 1 } as ContactsPageParam,
    getNextPageParam: (last, _all, lastParam): ContactsPageParam | undefined =>
      last.hasMore ? { cursor: last.cursor, page: lastParam.page + 1 } : undefined,
  });

export const useContacts = (searchParam: string) => useInfiniteQuery(getContactsQueryOptions(searchParam));

/** A picker's search: from 3 characters, kept for 10 s. */
export const useSearchContacts = (searchParam: string) =>
  useInfiniteQuery({ ...getContactsQueryOptions(searchParam), enabled: searchParam.trim().length >= CONTACT_SEARCH_MIN_CHARS, staleTime: 10_000 });
