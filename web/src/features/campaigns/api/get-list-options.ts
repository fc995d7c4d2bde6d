import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactListView } from '@conversa/shared/schemas/contact-lists';
import { api } from '../../../lib/api';

/** GET /contact-lists/list → every contact list of the company (id and name): the dialog's list select. */
export const getListOptions = (): Promise<ContactListView[]> => api.get<ContactListView[]>('/contact-lists/list');

export const getListOptionsQueryOptions = () => queryOptions({ queryKey: ['contactLists', 'options'] as const, queryFn: getListOptions });
export const useListOptions = (enabled = true) => useQuery({ ...getListOptionsQueryOptions(), enabled });
