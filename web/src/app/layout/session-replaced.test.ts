import { describe, expect, it } from 'vitest';
import { isEndedSession, isReplacedSession } from './session-replaced';

describe('company-{id}-auth (spec 1 §4)', () => {
  it('only my user with another session id counts', () => {
    expect(isReplacedSession({ action: 'update', user: { id: 5 }, sessionId: 'other' }, 5, 'mine')).toBe(true);
    expect(isReplacedSession({ action: 'update', user: { id: 5 }, sessionId: 'mine' }, 5, 'mine')).toBe(false);
    expect(isReplacedSession({ action: 'update', user: { id: 6 }, sessionId: 'other' }, 5, 'mine')).toBe(false);
    expect(isReplacedSession({ action: 'delete', user: { id: 5 }, sessionId: 'other' }, 5, 'mine')).toBe(false);
    expect(isReplacedSession({ action: 'update', user: { id: 5 } }, 5, 'mine')).toBe(false);
  });

  it('an ended session is only mine when the event names my session id', () => {
    expect(isEndedSession({ action: 'ended', sessionId: 'mine' }, 'mine')).toBe(true);
    expect(isEndedSession({ action: 'ended', sessionId: 'other' }, 'mine')).toBe(false);
    expect(isEndedSession({ action: 'ended', sessionId: '' }, undefined)).toBe(false);
    expect(isEndedSession({ action: 'update', sessionId: 'mine' }, 'mine')).toBe(false);
  });
});
