import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageRef, type MessageView } from '@conversa/shared/schemas/messages';
import { api } from '../../../lib/api';
import { isRawMessage, toMessageView } from '../lib/message-view';
import { upsertMessage, type MessagesData } from '../lib/messages-cache';
import { messagesKey } from './get-messages';

export type EditMessageInput = { message: MessageView; body: string };

/** PUT /messages/{ticketId_id} with the new text (own messages, non-empty text). */
export const editMessage = ({ message, body }: EditMessageInput): Promise<unknown> => api.put<unknown>(`/messages/${messageRef(message)}`, { body });

export const useEditMessage = (options: { onSuccess?: () => void } = {}) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: editMessage,
    onSuccess: (answer, { message, body }) => {
      const next = isRawMessage(answer) ? toMessageView(answer) : { ...message, body, isEdited: true, updatedAt: new Date().toISOString() };
      qc.setQueryData<MessagesData>(messagesKey(message.ticketId), (d) => upsertMessage(d, next));
      options.onSuccess?.();
    },
  });
};
