import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactView } from '@conversa/shared/schemas/contacts';
import { api } from '../../../lib/api';

/** GET /contacts/{id}: the contact drawer's details (e-mail, extra info). */
export const getContact = (id: number): Promise<ContactView> => api.get<ContactView>(`/contacts/${id}`);

export const contactDetailKey = (id: number) => ['contacts', 'detail', id] as const;

export const getContactQueryOptions = (id: number) => queryOptions({ queryKey: contactDetailKey(id), queryFn: () => getContact(id) });

export const useContact = (id: number | undefined) => useQuery({ ...getContactQueryOptions(id ?? 0), enabled: id !== undefined });
