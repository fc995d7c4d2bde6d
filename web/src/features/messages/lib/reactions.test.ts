import { describe, expect, it } from 'vitest';
import { isReactionEmoji, type MessageView } from '@conversa/shared/schemas/messages';
import { makeMessage } from './make-message.test-util';
import { canReact, groupReactions, ownReaction } from './message-view';

const m = (over: Partial<MessageView> = {}) => makeMessage({ id: 'a', ticketId: 1, ...over });

describe('reactions in the chat', () => {
  it('are offered on what the channel takes: WhatsApp any sent message, Graph channels the customer’s only', () => {
    const customer = m({ fromMe: false });
    const sentByUs = m({ fromMe: true, ack: 1 });
    expect([canReact('whatsapp', customer), canReact('sandbox', sentByUs), canReact('wppoficial', customer), canReact('facebook', customer), canReact('instagram', customer)]).toEqual([true, true, true, true, true]);
    expect([canReact('wppoficial', sentByUs), canReact('facebook', sentByUs), canReact('instagram', sentByUs)]).toEqual([false, false, false]);
    // Not yet on the channel, failed, deleted, or a log line: nothing to react to.
    expect(canReact('whatsapp', m({ fromMe: true, ack: 0 }))).toBe(false);
    expect(canReact('whatsapp', m({ fromMe: true, ack: 1, error: 'falhou' }))).toBe(false);
    expect(canReact('whatsapp', m({ isDeleted: true }))).toBe(false);
    expect(canReact('whatsapp', m({ mediaType: 'call_log' }))).toBe(false);
  });

  it('show one chip per emoji with its count, marking the account’s own', () => {
    const msg = m({ reactions: [{ emoji: '👍', from: '5511911110000', fromMe: false }, { emoji: '❤️', from: 'me', fromMe: true }, { emoji: '👍', from: '5511922220000', fromMe: false }] });
    expect(groupReactions(msg)).toEqual([
      { emoji: '👍', count: 2, mine: false, from: ['5511911110000', '5511922220000'] },
      { emoji: '❤️', count: 1, mine: true, from: ['me'] },
    ]);
    expect(ownReaction(msg)).toBe('❤️');
    expect(ownReaction(m())).toBe('');
  });

  it('take exactly one emoji (flags, skin tones and joined sequences included), or none', () => {
    for (const ok of ['', '👍', '❤️', '🇧🇷', '👍🏽', '👨‍👩‍👧', '1️⃣']) expect(isReactionEmoji(ok), ok).toBe(true);
    for (const bad of ['a', 'ok', '👍👍', ' 👍', '👍 ', '1']) expect(isReactionEmoji(bad), bad).toBe(false);
  });
});
