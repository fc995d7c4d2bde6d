import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageRef, type MessageView } from '@conversa/shared/schemas/messages';
import { api } from '../../../lib/api';
import { isRawMessage, toMessageView } from '../lib/message-view';
import { upsertMessage, type MessagesData } from '../lib/messages-cache';
import { messagesKey } from './get-messages';

export type ReactInput = { message: MessageView; emoji: string };

/** POST /messages/{ticketId_id}/react: the account's reaction to the message ('' removes it). */
export const reactToMessage = ({ message, emoji }: ReactInput): Promise<unknown> => api.post<unknown>(`/messages/${messageRef(message)}/react`, { emoji });

export const useReactToMessage = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reactToMessage,
    onSuccess: (answer, { message }) => {
      if (isRawMessage(answer)) qc.setQueryData<MessagesData>(messagesKey(message.ticketId), (d) => upsertMessage(d, toMessageView(answer)));
    },
  });
};
