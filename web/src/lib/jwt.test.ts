import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../test/fake-jwt';
import { decodeJwt, isExpired, sessionIdOf } from './jwt';


describe('jwt payload', () => {
  it('reads the session id and expiry', () => {
    const t = fakeJwt({ sub: '3', cid: 2, sid: 'fam-ä_1', exp: 1000 });
    expect(decodeJwt(t)?.cid).toBe(2);
    expect(sessionIdOf(t)).toBe('fam-ä_1');
    expect(isExpired(t, 999_000)).toBe(false);
    expect(isExpired(t, 1_000_000)).toBe(true);
  });
  it('survives garbage', () => {
    expect(decodeJwt('nope')).toBeUndefined();
    expect(decodeJwt('a.%%%.c')).toBeUndefined();
    expect(sessionIdOf(null)).toBeUndefined();
    expect(isExpired(undefined)).toBe(false);
  });
});
