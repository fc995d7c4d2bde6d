import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactListBody, ContactListView } from '@conversa/shared/schemas/contact-lists';
import { api } from '../../../lib/api';
import { contactListsKey } from './get-contact-lists';

/** POST /contact-lists or PUT /contact-lists/{id}. */
export const saveContactList = ({ id, body }: { id?: number; body: ContactListBody }): Promise<ContactListView> =>
  id ? api.put<ContactListView>(`/contact-lists/${id}`, body) : api.post<ContactListView>('/contact-lists', body);

export function useSaveContactList(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveContactList,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: contactListsKey });
      options.onSuccess?.();
    },
  });
}
