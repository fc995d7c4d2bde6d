import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageRef, type MessageView, type TranscriptionResult } from '@conversa/shared/schemas/messages';
import { api } from '../../../lib/api';
import { upsertMessage, type MessagesData } from '../lib/messages-cache';
import { messagesKey } from './get-messages';

/** POST /messages/transcription/{ticketId_id} → the audio's text, kept on the message. */
export const transcribeMessage = (message: MessageView): Promise<TranscriptionResult> =>
  api.post<TranscriptionResult>(`/messages/transcription/${messageRef(message)}`);

export const useTranscribeMessage = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: transcribeMessage,
    onSuccess: ({ message }) => {
      qc.setQueryData<MessagesData>(messagesKey(message.ticketId), (d) => upsertMessage(d, message));
    },
  });
};
