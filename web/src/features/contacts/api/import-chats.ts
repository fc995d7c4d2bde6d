import { useMutation } from '@tanstack/react-query';
import type { ImportProgress } from '@conversa/shared/schemas/contacts';
import { api } from '../../../lib/api';

/**
 * POST /contacts/import/chats (admin): the default connection's session lists the numbers it
 * knows and they become contacts; the job's progress is read like a spreadsheet's
 * (useImportProgress). A connection that is down answers ERR_WAPP_NOT_INITIALIZED (toasted).
 */
export const importChats = (): Promise<ImportProgress> => api.post<ImportProgress>('/contacts/import/chats');

export function useImportChats(options: { onSuccess?: (p: ImportProgress) => void } = {}) {
  return useMutation({ mutationFn: importChats, onSuccess: (p) => options.onSuccess?.(p) });
}
