import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageRef, type MessageView } from '@conversa/shared/schemas/messages';
import { api } from '../../../lib/api';
import { isRawMessage, toMessageView } from '../lib/message-view';
import { upsertMessage, type MessagesData } from '../lib/messages-cache';
import { messagesKey } from './get-messages';

/** DELETE /messages/{ticketId_id}: the message stays, crossed out (isDeleted). */
export const deleteMessage = (message: MessageView): Promise<unknown> => api.delete<unknown>(`/messages/${messageRef(message)}`);

export const useDeleteMessage = (options: { onSuccess?: () => void } = {}) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (answer, message) => {
      const next = isRawMessage(answer) ? toMessageView(answer) : { ...message, isDeleted: true, updatedAt: new Date().toISOString() };
      qc.setQueryData<MessagesData>(messagesKey(message.ticketId), (d) => upsertMessage(d, next));
      options.onSuccess?.();
    },
  });
};
