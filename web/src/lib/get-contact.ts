import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactView } from '@conversa/shared/schemas/contacts';
import { api } from './api';

/** GET /contacts/{id}: the contact modal, and the ticket's contact drawer (e-mail, extra info). */
export const getContact = (id: number): Promise<ContactView> => api.get<ContactView>(`/contacts/${id}`);

/** Every contact's details: what a delete of all contacts removes. */
export const contactDetailsKey = ['contacts', 'detail'] as const;
export const contactDetailKey = (id: number) => [...contactDetailsKey, id] as const;

export const getContactQueryOptions = (id: number) => queryOptions({ queryKey: contactDetailKey(id), queryFn: () => getContact(id) });

export const useContact = (id: number | undefined) => useQuery({ ...getContactQueryOptions(id ?? 0), enabled: id !== undefined });
