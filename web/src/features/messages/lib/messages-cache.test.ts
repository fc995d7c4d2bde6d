import { describe, expect, it } from 'vitest';
import type { MessageView } from '@conversa/shared/schemas/messages';
import { makeMessage } from './make-message.test-util';
import { flattenMessages, upsertMessage, type MessagesData } from './messages-cache';

const m = (id: string, minute: number, extra: Partial<MessageView> = {}) =>
  makeMessage({ id, ticketId: 7, body: id, createdAt: `2025-05-10T10:${String(minute).padStart(2, '0')}:00.000Z`, updatedAt: `2025-05-10T10:${String(minute).padStart(2, '0')}:00.000Z`, ...extra });

// Newest page first; each page chronological (as GET /messages answers).
const data = (): MessagesData => ({
  pages: [
    { messages: [m('c', 3), m('d', 4)], hasMore: true, cursor: 'x' },
    { messages: [m('a', 1), m('b', 2)], hasMore: false },
  ],
  pageParams: [undefined, 'x'],
});

describe('messages cache', () => {
  it('flattens pages oldest first', () => {
    expect(flattenMessages(data()).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(flattenMessages(undefined)).toEqual([]);
  });

  it('adds a new message to the newest page once, whatever the order of POST answer and event', () => {
    const sent = m('e', 5, { fromMe: true, ack: 0 });
    const once = upsertMessage(data(), sent);
    const twice = upsertMessage(once, { ...sent });
    expect(flattenMessages(twice).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(twice!.pages[0]!.messages.filter((x) => x.id === 'e')).toHaveLength(1);
  });

  it('advances acks and never moves them back', () => {
    let d = upsertMessage(data(), m('e', 5, { fromMe: true, ack: 0 }));
    d = upsertMessage(d, m('e', 5, { fromMe: true, ack: 3, updatedAt: '2025-05-10T10:06:00.000Z' }));
    d = upsertMessage(d, m('e', 5, { fromMe: true, ack: 1, updatedAt: '2025-05-10T10:05:30.000Z' }));
    expect(flattenMessages(d).find((x) => x.id === 'e')!.ack).toBe(3);
  });

  it('an update replaces the message in the page that holds it; a stale one does not undo an edit', () => {
    let d = upsertMessage(data(), m('a', 1, { body: 'edited', isEdited: true, updatedAt: '2025-05-10T11:00:00.000Z' }));
    expect(d!.pages[1]!.messages[0]).toMatchObject({ id: 'a', body: 'edited', isEdited: true });
    d = upsertMessage(d, m('a', 1, { body: 'old', updatedAt: '2025-05-10T10:01:00.000Z' }));
    expect(d!.pages[1]!.messages[0]).toMatchObject({ body: 'edited', isEdited: true });
    expect(flattenMessages(d)).toHaveLength(4);
  });

  it('does not create a cache for a ticket that is not loaded', () => {
    expect(upsertMessage(undefined, m('z', 9))).toBeUndefined();
  });
});
