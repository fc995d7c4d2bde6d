/**
 * The wire shape of a message (MessageView): the stored message with a short-lived URL of its
 * media and the message it quotes. Presigning is local (no request to S3).
 */
import type { MessageView, QuotedMessageView } from '@conversa/shared/schemas/messages';
import type { Message } from '../../adapters/db/messages';
import { presignRead } from '../../adapters/media';

const quotedView = (q: Message, contactName: string | null): QuotedMessageView => ({
  id: q.id,
  body: q.isDeleted ? '' : q.body,
  fromMe: q.fromMe,
  mediaType: q.mediaType ?? null,
  contactName: q.fromMe ? null : (q.participant?.name ?? contactName),
});

/** `quoted` is the message `m.quotedMsgId` names, when it was found; `contactName` names the customer in quotes. */
export async function toMessageView(m: Message, quoted?: Message, contactName: string | null = null): Promise<MessageView> {
  return {
    id: m.id,
    ticketId: m.ticketId,
    contactId: m.contactId,
    body: m.body,
    fromMe: m.fromMe,
    mediaType: m.mediaType ?? null,
    mediaUrl: m.mediaKey ? await presignRead(m.mediaKey, m.filename) : null,
    mimetype: m.mimetype ?? null,
    filename: m.filename ?? null,
    quotedMsg: quoted ? quotedView(quoted, contactName) : null,
    ack: m.ack,
    isDeleted: m.isDeleted,
    isEdited: m.isEdited,
    isForwarded: m.isForwarded,
    read: m.read,
    participant: m.participant ?? null,
    reactions: m.reactions ?? [],
    error: m.error ?? null,
    userId: m.userId ?? null,
    transcription: m.transcription ?? null,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}
