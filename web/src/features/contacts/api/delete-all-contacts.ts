import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { contactDetailsKey } from '../../../lib/get-contact';
import { contactsListKey } from '../../../lib/get-contacts';

/** DELETE /contacts/all (admin). */
export const deleteAllContacts = (): Promise<void> => api.delete<void>('/contacts/all');

export function useDeleteAllContacts(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAllContacts,
    onSuccess: () => {
      qc.removeQueries({ queryKey: contactDetailsKey });
      void qc.invalidateQueries({ queryKey: contactsListKey });
      options.onSuccess?.();
    },
  });
}
