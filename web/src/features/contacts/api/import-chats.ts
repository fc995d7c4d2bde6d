import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /contacts/import/chats (admin): the phone's chats become contacts; a channel that cannot answers an error code. */
export const importChats = (): Promise<unknown> => api.post<unknown>('/contacts/import/chats');

export function useImportChats(options: { onSuccess?: () => void } = {}) {
  return useMutation({ mutationFn: importChats, onSuccess: () => options.onSuccess?.() });
}
