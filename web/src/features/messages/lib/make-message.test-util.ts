import type { MessageView } from '@conversa/shared/schemas/messages';

/** A message for tests, with what differs given (a customer's text, read, created at 10:00). */
export function makeMessage(patch: Partial<MessageView> = {}): MessageView {
  const createdAt = patch.createdAt ?? '2025-01-01T10:00:00.000Z';
  return {
    id: 'a',
    ticketId: 1,
    contactId: 0,
    body: '',
    fromMe: false,
    mediaType: null,
    mediaUrl: null,
    mimetype: null,
    filename: null,
    quotedMsg: null,
    ack: 0,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    read: true,
    participant: null,
    reactions: [],
    error: null,
    userId: null,
    transcription: null,
    createdAt,
    updatedAt: createdAt,
    ...patch,
  };
}
