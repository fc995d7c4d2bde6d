/**
 * Messages as the list draws them. Answers and events are read defensively: a field the server
 * left out gets its empty value, so a partial payload never breaks the list.
 */
import { isLogType, reactsTo, type Channel } from '@conversa/shared/channels';
import { OWN_REACTION, type MessageView } from '@conversa/shared/schemas/messages';

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
export const isLog = (m: MessageView): boolean => isLogType(m.mediaType);

/** The agent's (the account's) reaction on a message, '' when none. */
export const ownReaction = (m: MessageView): string => m.reactions.find((r) => r.fromMe && r.from === OWN_REACTION)?.emoji ?? '';

/** Whether the agent may react to the message: the channel's rule (reactsTo) on a message the channel has (a customer's, or ours once sent). */
export const canReact = (channel: Channel, m: MessageView): boolean => reactsTo(channel, { ...m, hasChannelId: !m.fromMe || (m.ack >= 1 && !m.error) });

export type ReactionGroup = { emoji: string; count: number; mine: boolean; from: string[] };
/** The reactions under a bubble: one chip per emoji, with how many and who. */
export function groupReactions(m: MessageView): ReactionGroup[] {
  const out = new Map<string, ReactionGroup>();
  for (const r of m.reactions) {
    if (!r.emoji) continue;
    const g = out.get(r.emoji) ?? { emoji: r.emoji, count: 0, mine: false, from: [] };
    g.count += 1;
    g.mine ||= r.fromMe;
    g.from.push(r.from);
    out.set(r.emoji, g);
  }
  return [...out.values()];
}
