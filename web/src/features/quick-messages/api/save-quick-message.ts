import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuickMessageBody, QuickMessageView } from '@conversa/shared/schemas/quick-messages';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { quickMessagesKey } from '../../../lib/get-quick-messages';

export type QuickMessageInput = z.input<typeof QuickMessageBody>;

/** POST /quick-messages, or PUT /quick-messages/{id}. ERR_FASTRESP_SHORTCUT_ALREADY_EXISTS when the shortcut is taken. */
export const saveQuickMessage = ({ id, body }: { id?: number; body: QuickMessageInput }): Promise<QuickMessageView> =>
  id === undefined ? api.post<QuickMessageView>('/quick-messages', body) : api.put<QuickMessageView>(`/quick-messages/${id}`, body);

export function useSaveQuickMessage(options: { onSuccess?: (q: QuickMessageView) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveQuickMessage,
    onSuccess: (q) => {
      void qc.invalidateQueries({ queryKey: quickMessagesKey });
      options.onSuccess?.(q);
    },
  });
}
