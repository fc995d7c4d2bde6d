import { describe, expect, it } from 'vitest';
import { withoutAttributes } from './keys';

describe('withoutAttributes', () => {
  it('drops the named attributes, keeps every other one (falsy values too) and leaves the item as it was', () => {
    const item = { PK: 'C#1#TICKETS', SK: '0000000001', entity: 'ticket', id: 1, userId: null, unreadMessages: 0, lastMessage: '', tagIds: [2] };
    const out = withoutAttributes(item, new Set(['PK', 'SK', 'entity', 'rev']));
    expect(out).toEqual({ id: 1, userId: null, unreadMessages: 0, lastMessage: '', tagIds: [2] });
    expect(Object.keys(out)).toEqual(['id', 'userId', 'unreadMessages', 'lastMessage', 'tagIds']);
    expect(item.PK).toBe('C#1#TICKETS');
  });
});
