import { describe, expect, it } from 'vitest';
import { newUser } from '../users/new-user';
import { sessionOpen } from './sessions';

const user = newUser({ id: 7, companyId: 3, name: 'Ana', email: 'ana@example.test', profile: 'user', passwordHash: 'x' });

describe('which sessions a user item accepts', () => {
  it('only the listed ones, once there is a list (an empty one accepts none)', () => {
    expect(sessionOpen({ ...user, sessions: ['a', 'b'] }, 'b')).toBe(true);
    expect(sessionOpen({ ...user, sessions: ['a', 'b'] }, 'c')).toBe(false);
    expect(sessionOpen({ ...user, sessions: [] }, 'a')).toBe(false);
  });

  it('any, on an item from before the list (until its first session event writes one)', () => {
    expect(sessionOpen(user, 'whatever')).toBe(true);
  });
});
