import { describe, expect, it } from 'vitest';
import { inOwnLists, maySee, mayShowAll, type TicketViewer, type VisibilitySettings, type VisibleTicket } from './ticket-visibility';

const off: VisibilitySettings = { showTicketWithoutQueue: 'disabled', showMessageGroups: 'disabled', allUserChat: 'disabled' };
const agent: TicketViewer = { userId: 7, profile: 'user', super: false, queueIds: [1] };
const admin: TicketViewer = { ...agent, profile: 'admin' };
const superUser: TicketViewer = { ...agent, super: true };
const supervisor: TicketViewer = { ...agent, profile: 'supervisor' };
const ticket = (userId: number | null, queueId: number | null, isGroup = false): VisibleTicket => ({ userId, queueId, isGroup });

describe('maySee', () => {
  const rows: [string, TicketViewer, VisibleTicket, Partial<VisibilitySettings>, boolean][] = [
    ['admins see everything', admin, ticket(3, 9, true), {}, true],
    ['the super flag sees everything', superUser, ticket(3, 9, true), {}, true],
    ['a supervisor is an agent here', supervisor, ticket(3, 9), {}, false],
    ['own ticket, in another queue', agent, ticket(7, 2), {}, true],
    ['own group ticket, groups hidden', agent, ticket(7, 2, true), {}, true],
    ['a group, groups hidden', agent, ticket(null, 1, true), {}, false],
    ['a group, groups hidden, even with allUserChat', agent, ticket(null, 1, true), { allUserChat: 'enabled' }, false],
    ['a group of my queue, groups shown', agent, ticket(null, 1, true), { showMessageGroups: 'enabled' }, true],
    ["allUserChat opens others' tickets", agent, ticket(8, 2), { allUserChat: 'enabled' }, true],
    ['no queue, hidden by default', agent, ticket(null, null), {}, false],
    ['no queue, showTicketWithoutQueue', agent, ticket(null, null), { showTicketWithoutQueue: 'enabled' }, true],
    ["no queue, another's, showTicketWithoutQueue", agent, ticket(8, null), { showTicketWithoutQueue: 'enabled' }, true],
    ['unassigned in my queue', agent, ticket(null, 1), {}, true],
    ['unassigned in another queue', agent, ticket(null, 2), {}, false],
    ["another's in my queue", agent, ticket(8, 1), {}, false],
  ];
  it.each(rows)('%s', (_name, v, t, s, seen) => {
    expect(maySee(v, t, { ...off, ...s })).toBe(seen);
  });
});

describe('inOwnLists', () => {
  it("holds my tickets and the unassigned ones of my queues or of none; not others'", () => {
    expect(inOwnLists(agent, ticket(7, 2))).toBe(true);
    expect(inOwnLists(agent, ticket(null, 1))).toBe(true);
    expect(inOwnLists(agent, ticket(null, null))).toBe(true);
    expect(inOwnLists(agent, ticket(null, 2))).toBe(false);
    expect(inOwnLists(agent, ticket(8, 1))).toBe(false);
    expect(inOwnLists(agent, ticket(8, null))).toBe(false);
  });
});

describe('mayShowAll', () => {
  it('admins and the super flag; agents only with allUserChat', () => {
    expect(mayShowAll(admin, off)).toBe(true);
    expect(mayShowAll(superUser, off)).toBe(true);
    expect(mayShowAll(supervisor, off)).toBe(false);
    expect(mayShowAll(agent, off)).toBe(false);
    expect(mayShowAll(agent, { allUserChat: 'enabled' })).toBe(true);
  });
});
