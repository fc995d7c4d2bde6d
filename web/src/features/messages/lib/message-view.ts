/** Messages as the list draws them: order, what may be done with one, its reactions. */
import { isLogType, reactsTo, type Channel } from '@conversa/shared/channels';
import { OWN_REACTION, type MessageView } from '@conversa/shared/schemas/messages';

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
