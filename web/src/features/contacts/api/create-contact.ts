import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactBody, ContactView } from '@conversa/shared/schemas/contacts';
import { api } from '../../../lib/api';
import { contactDetailKey } from '../../../lib/get-contact';
import { contactsListKey } from '../../../lib/get-contacts';

/** POST /contacts → ContactView. ERR_DUPLICATED_CONTACT when the number is already a contact. */
export const createContact = (body: ContactBody): Promise<ContactView> => api.post<ContactView>('/contacts', body);

export function useCreateContact(options: { onSuccess?: (contact: ContactView) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: (contact) => {
      qc.setQueryData(contactDetailKey(contact.id), contact);
      void qc.invalidateQueries({ queryKey: contactsListKey });
      options.onSuccess?.(contact);
    },
  });
}
