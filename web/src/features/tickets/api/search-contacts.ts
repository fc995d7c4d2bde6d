import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTACT_SEARCH_MIN_CHARS } from '@conversa/shared/constants';
import type { ContactsPage } from '@conversa/shared/schemas/contacts';
import { api } from '../../../lib/api';

/** GET /contacts?searchParam= (the new-ticket and new-group pickers; from 3 characters). */
export const searchContacts = (searchParam: string, signal?: AbortSignal): Promise<ContactsPage> =>
  api.get<ContactsPage>('/contacts', { query: { searchParam }, signal });

export const searchContactsQueryOptions = (searchParam: string) =>
  queryOptions({ queryKey: ['contacts', 'search', searchParam] as const, queryFn: ({ signal }) => searchContacts(searchParam, signal), staleTime: 10_000 });

export const useSearchContacts = (searchParam: string) =>
  useQuery({ ...searchContactsQueryOptions(searchParam), enabled: searchParam.trim().length >= CONTACT_SEARCH_MIN_CHARS });
