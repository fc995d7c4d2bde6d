import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageRef, type MessageView } from '@conversa/shared/schemas/messages';
import { api } from '../../../lib/api';
import { upsertMessage, type MessagesData } from '../lib/messages-cache';
import { messagesKey } from './get-messages';

export type EditMessageInput = { message: MessageView; body: string };

/** PUT /messages/{ticketId_id} with the new text (own messages, non-empty text) → the edited message. */
export const editMessage = ({ message, body }: EditMessageInput): Promise<MessageView> => api.put<MessageView>(`/messages/${messageRef(message)}`, { body });

export const useEditMessage = (options: { onSuccess?: () => void } = {}) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: editMessage,
    onSuccess: (edited) => {
      qc.setQueryData<MessagesData>(messagesKey(edited.ticketId), (d) => upsertMessage(d, edited));
      options.onSuccess?.();
    },
  });
};
