import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ContactsPage } from '@conversa/shared/schemas/contacts';
import { api } from '../../../lib/api';
import { contactDetailKey } from '../../../lib/get-contact';
import { contactsListKey } from '../../../lib/get-contacts';
import { removeContact } from '../lib/contacts-cache';

/** DELETE /contacts/{id} (admin, 'contacts-page:deleteContact'). */
export const deleteContact = (id: number): Promise<void> => api.delete<void>(`/contacts/${id}`);

export function useDeleteContact(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: contactDetailKey(id) });
      qc.setQueriesData<InfiniteData<ContactsPage>>({ queryKey: contactsListKey }, (data) => removeContact(data, id));
      options.onSuccess?.();
    },
  });
}
