import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageRef, type MessageView } from '@conversa/shared/schemas/messages';
import { api } from '../../../lib/api';
import { upsertMessage, type MessagesData } from '../lib/messages-cache';
import { messagesKey } from './get-messages';

export type ReactInput = { message: MessageView; emoji: string };

/** POST /messages/{ticketId_id}/react: the account's reaction to the message ('' removes it). */
export const reactToMessage = ({ message, emoji }: ReactInput): Promise<MessageView> => api.post<MessageView>(`/messages/${messageRef(message)}/react`, { emoji });

export const useReactToMessage = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reactToMessage,
    onSuccess: (reacted) => {
      qc.setQueryData<MessagesData>(messagesKey(reacted.ticketId), (d) => upsertMessage(d, reacted));
    },
  });
};
