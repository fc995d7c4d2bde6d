import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageRef, type MessageView } from '@conversa/shared/schemas/messages';
import { api } from '../../../lib/api';
import { upsertMessage, type MessagesData } from '../lib/messages-cache';
import { messagesKey } from './get-messages';

/** DELETE /messages/{ticketId_id}: the message stays, crossed out (isDeleted); the answer is the message so. */
export const deleteMessage = (message: MessageView): Promise<MessageView> => api.delete<MessageView>(`/messages/${messageRef(message)}`);

export const useDeleteMessage = (options: { onSuccess?: () => void } = {}) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (deleted) => {
      qc.setQueryData<MessagesData>(messagesKey(deleted.ticketId), (d) => upsertMessage(d, deleted));
      options.onSuccess?.();
    },
  });
};
