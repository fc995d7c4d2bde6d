import { describe, expect, it } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import type { UserView } from '@conversa/shared/schemas/auth';
import type { UsersPage, UsersPageParam } from '../api/get-users';
import { matchesSearch, removeUser, upsertUser } from './users-cache';

const u = (id: number, name = `User ${id}`): UserView => ({
  id, name, email: `u${id}@x.test`, profile: 'user', super: false, companyId: 1, queueIds: [], whatsappId: null,
  startWork: '00:00', endWork: '23:59', farewellMessage: '', allUserChat: false, online: false, createdAt: '2025-01-01T00:00:00Z',
});
const data = (): InfiniteData<UsersPage, UsersPageParam> => ({
  pages: [{ users: [u(1), u(2)], hasMore: true, cursor: 'c1' }, { users: [u(3)], hasMore: false }],
  pageParams: [{ page: 1 }, { cursor: 'c1', page: 2 }],
});

describe('users cache', () => {
  it('updates a listed user in place', () => {
    const next = upsertUser(data(), { ...u(3), name: 'Renamed', online: true }, false)!;
    expect(next.pages[1]!.users[0]).toMatchObject({ id: 3, name: 'Renamed', online: true });
    expect(next.pages[0]!.users.map((x) => x.id)).toEqual([1, 2]);
  });
  it('adds a new user at the top only when asked', () => {
    expect(upsertUser(data(), u(9), false)!.pages[0]!.users.map((x) => x.id)).toEqual([1, 2]);
    expect(upsertUser(data(), u(9), true)!.pages[0]!.users.map((x) => x.id)).toEqual([9, 1, 2]);
  });
  it('removes a user from every page', () => {
    expect(removeUser(data(), 3)!.pages.flatMap((p) => p.users.map((x) => x.id))).toEqual([1, 2]);
    expect(removeUser(undefined, 3)).toBeUndefined();
  });
  it('matches a search by name or e-mail', () => {
    expect(matchesSearch(u(4, 'Ana Souza'), 'souza')).toBe(true);
    expect(matchesSearch(u(4), 'U4@X')).toBe(true);
    expect(matchesSearch(u(4), 'bruno')).toBe(false);
    expect(matchesSearch(u(4), ' ')).toBe(true);
  });
});
