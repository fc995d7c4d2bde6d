import { describe, expect, it } from 'vitest';
import { maySee, type VisibilitySettings } from './visibility';

const s: VisibilitySettings = { showTicketWithoutQueue: 'disabled', showMessageGroups: 'disabled', allUserChat: 'disabled' };
const agent = { userId: 7, profile: 'user' as const, super: false, queueIds: [1] };

describe('ticket visibility', () => {
  it('admins see everything', () => {
    expect(maySee({ ...agent, profile: 'admin' }, { userId: 3, queueId: 9, isGroup: true }, s)).toBe(true);
  });
  it('agents see their queues, their own tickets, not others\' assigned ones', () => {
    expect(maySee(agent, { userId: null, queueId: 1, isGroup: false }, s)).toBe(true);
    expect(maySee(agent, { userId: null, queueId: 2, isGroup: false }, s)).toBe(false);
    expect(maySee(agent, { userId: 7, queueId: 2, isGroup: false }, s)).toBe(true);
    expect(maySee(agent, { userId: 8, queueId: 1, isGroup: false }, s)).toBe(false);
  });
  it('tickets without a queue and groups follow their settings', () => {
    expect(maySee(agent, { userId: null, queueId: null, isGroup: false }, s)).toBe(false);
    expect(maySee(agent, { userId: null, queueId: null, isGroup: false }, { ...s, showTicketWithoutQueue: 'enabled' })).toBe(true);
    expect(maySee(agent, { userId: null, queueId: 1, isGroup: true }, s)).toBe(false);
    expect(maySee(agent, { userId: null, queueId: 1, isGroup: true }, { ...s, showMessageGroups: 'enabled' })).toBe(true);
  });
  it('the all-user-chat setting opens every ticket to agents', () => {
    expect(maySee(agent, { userId: 8, queueId: 2, isGroup: false }, { ...s, allUserChat: 'enabled' })).toBe(true);
  });
});
