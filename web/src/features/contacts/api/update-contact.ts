import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ContactsPage, ContactView, UpdateContactBody } from '@conversa/shared/schemas/contacts';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { contactDetailKey } from '../../../lib/get-contact';
import { contactsListKey } from '../../../lib/get-contacts';
import { upsertContact } from '../lib/contacts-cache';

type Body = z.input<typeof UpdateContactBody>;

/** PUT /contacts/{id} (partial) → ContactView. */
export const updateContact = ({ id, body }: { id: number; body: Body }): Promise<ContactView> =>
  api.put<ContactView>(`/contacts/${id}`, body);

export function useUpdateContact(options: { onSuccess?: (contact: ContactView) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (contact) => {
      qc.setQueryData(contactDetailKey(contact.id), contact);
      qc.setQueriesData<InfiniteData<ContactsPage>>({ queryKey: contactsListKey }, (data) => upsertContact(data, contact));
      options.onSuccess?.(contact);
    },
  });
}
