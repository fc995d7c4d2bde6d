/**
 * Messages as the list draws them. Answers and events are read defensively: a field the server
 * left out gets its empty value, so a partial payload never breaks the list.
 */
import type { MessageView } from '@conversa/shared/schemas/messages';

type Raw = Partial<MessageView> & { id: string; ticketId: number };

export function toMessageView(raw: Raw): MessageView {
  const now = new Date().toISOString();
  return {
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
    ...stripUndefined(raw),
    id: raw.id,
    ticketId: raw.ticketId,
    createdAt: raw.createdAt ?? now,
    updatedAt: raw.updatedAt ?? raw.createdAt ?? now,
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function isRawMessage(v: unknown): v is Raw {
  const m = v as Raw | undefined;
  return typeof m === 'object' && m !== null && typeof m.id === 'string' && typeof m.ticketId === 'number';
}

/** Chronological order: creation time, then the time-sortable id. */
export function compareMessages(a: MessageView, b: MessageView): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Own text messages that may be edited (spec 1 §4: own messages only, non-empty text). */
export const canEdit = (m: MessageView): boolean => m.fromMe && !m.isDeleted && !m.mediaType && m.body.trim().length > 0;
export const canDelete = (m: MessageView): boolean => m.fromMe && !m.isDeleted;
/** Logs are drawn centred, without a menu. */
export const isLog = (m: MessageView): boolean => m.mediaType === 'info_log' || m.mediaType === 'closed_log' || m.mediaType === 'call_log';
