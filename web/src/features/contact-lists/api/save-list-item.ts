import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactListItemView } from '@conversa/shared/schemas/contact-lists';
import { api } from '../../../lib/api';
import { listItemsKey } from './get-list-items';
import { contactListsKey } from './get-contact-lists';

export type ItemFields = { name: string; number: string; email: string; empresa: string };

/** POST /contact-list-items or PUT /contact-list-items/{id}. */
export const saveListItem = ({ id, contactListId, body }: { id?: number; contactListId: number; body: ItemFields }): Promise<ContactListItemView> =>
  id ? api.put<ContactListItemView>(`/contact-list-items/${id}`, body) : api.post<ContactListItemView>('/contact-list-items', { ...body, contactListId });

export function useSaveListItem(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveListItem,
    onSuccess: (_v, vars) => {
      void qc.invalidateQueries({ queryKey: listItemsKey(vars.contactListId) });
      void qc.invalidateQueries({ queryKey: contactListsKey });
      options.onSuccess?.();
    },
  });
}
