import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ContactsPage, ContactView } from '@conversa/shared/schemas/contacts';
import { api } from '../../../lib/api';
import { contactDetailKey } from '../../../lib/get-contact';
import { contactsListKey } from '../../../lib/get-contacts';
import { upsertContact } from '../lib/contacts-cache';

/** PUT /contacts/block/{id} {active}: false blocks, true unblocks (spec 2 §4). */
export const blockContact = ({ id, active }: { id: number; active: boolean }): Promise<ContactView> =>
  api.put<ContactView>(`/contacts/block/${id}`, { active });

export function useBlockContact(options: { onSuccess?: (contact: ContactView) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: blockContact,
    onSuccess: (contact) => {
      qc.setQueryData(contactDetailKey(contact.id), contact);
      qc.setQueriesData<InfiniteData<ContactsPage>>({ queryKey: contactsListKey }, (data) => upsertContact(data, contact));
      options.onSuccess?.(contact);
    },
  });
}
