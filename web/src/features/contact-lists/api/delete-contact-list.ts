import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { contactListsKey } from './get-contact-lists';

/** DELETE /contact-lists/{id} (its items go with it). */
export const deleteContactList = (id: number): Promise<void> => api.delete<void>(`/contact-lists/${id}`);

export function useDeleteContactList(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteContactList,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: contactListsKey });
      options.onSuccess?.();
    },
  });
}
