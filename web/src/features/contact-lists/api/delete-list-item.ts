import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { contactListsKey } from './get-contact-lists';
import { listItemsKey } from './get-list-items';

/** DELETE /contact-list-items/{id} ('contacts-page:deleteContact'). */
export const deleteListItem = ({ id }: { id: number; contactListId: number }): Promise<void> => api.delete<void>(`/contact-list-items/${id}`);

export function useDeleteListItem(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteListItem,
    onSuccess: (_v, vars) => {
      void qc.invalidateQueries({ queryKey: listItemsKey(vars.contactListId) });
      void qc.invalidateQueries({ queryKey: contactListsKey });
      options.onSuccess?.();
    },
  });
}
