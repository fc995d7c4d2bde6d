import { beforeEach, describe, expect, it } from 'vitest';
import { emptyReason } from './empty-reason';
import { initialShowAll, rememberShowAll } from './show-all';
import type { Viewer } from './access';

const agent: Viewer = { id: 3, profile: 'user', super: false, queueIds: [], allUserChat: false };
const admin: Viewer = { ...agent, id: 1, profile: 'admin' };
const f = (over: Partial<{ showAll: boolean; search: string }> = {}) => ({ showAll: false, search: '', ...over });

describe('why a ticket list is empty', () => {
  it('tells an agent without a queue to ask for one, unless tickets without a queue or all chats are shown', () => {
    expect(emptyReason(agent, [], 'open', 'pending', f(), false)).toEqual({ key: 'noQueues', connectHint: false });
    expect(emptyReason(agent, [{ key: 'showTicketWithoutQueue', value: 'enabled' }], 'open', 'pending', f(), false).key).toBe('pending');
    expect(emptyReason({ ...agent, queueIds: [4] }, [], 'open', 'pending', f(), false).key).toBe('pending');
  });

  it('points at the switch while it is off, and at a first customer for admins', () => {
    expect(emptyReason(admin, [], 'open', 'pending', f(), true)).toEqual({ key: 'showAllOff', connectHint: true });
    expect(emptyReason(admin, [], 'open', 'pending', f({ showAll: true }), true)).toEqual({ key: 'pending', connectHint: true });
    expect(emptyReason(admin, [], 'open', 'assigned', f({ showAll: true }), true)).toEqual({ key: 'assigned', connectHint: true });
    expect(emptyReason(admin, [], 'closed', 'assigned', f({ showAll: true }), true)).toEqual({ key: 'closed', connectHint: false });
    expect(emptyReason(admin, [], 'search', 'assigned', f({ search: 'maria' }), true)).toEqual({ key: 'search', connectHint: false });
  });
});

describe("the 'Todos' switch", () => {
  beforeEach(() => {
    // The tests run in node: a browser's localStorage, in memory.
    const m = new Map<string, string>();
    Object.assign(globalThis, { localStorage: { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), clear: () => m.clear() } });
  });
  it('starts on for admins and off for agents, then as each user left it', () => {
    expect(initialShowAll(1, true)).toBe(true);
    expect(initialShowAll(3, false)).toBe(false);
    rememberShowAll(1, false);
    rememberShowAll(3, true);
    expect(initialShowAll(1, true)).toBe(false);
    expect(initialShowAll(3, false)).toBe(true);
    expect(initialShowAll(9, true)).toBe(true);
  });
});
