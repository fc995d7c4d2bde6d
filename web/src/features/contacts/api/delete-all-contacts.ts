import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { contactsListKey } from './get-contacts';

/** DELETE /contacts/all (admin). */
export const deleteAllContacts = (): Promise<void> => api.delete<void>('/contacts/all');

export function useDeleteAllContacts(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAllContacts,
    onSuccess: () => {
      qc.removeQueries({ queryKey: ['contacts', 'detail'] });
      void qc.invalidateQueries({ queryKey: contactsListKey });
      options.onSuccess?.();
    },
  });
}
