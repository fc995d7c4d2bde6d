import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MessageView, SendMessageBody } from '@conversa/shared/schemas/messages';
import { api } from '../../../lib/api';
import { upsertMessage, type MessagesData } from '../lib/messages-cache';
import { messagesKey } from './get-messages';

export type SendMessageInput = { ticketId: number; body: z.input<typeof SendMessageBody> };

/** POST /messages/{ticketId} → the stored message (ack 0), also announced on the socket. */
export const sendMessage = ({ ticketId, body }: SendMessageInput): Promise<MessageView> => api.post<MessageView>(`/messages/${ticketId}`, body);

export const useSendMessage = (options: { onSuccess?: (m: MessageView) => void } = {}) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (m) => {
      qc.setQueryData<MessagesData>(messagesKey(m.ticketId), (d) => upsertMessage(d, m));
      options.onSuccess?.(m);
    },
  });
};
