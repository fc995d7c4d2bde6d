/** Pure edits of the cached users pages, shared by mutations and live events. */
import type { InfiniteData } from '@tanstack/react-query';
import type { UserView } from '@conversa/shared/schemas/auth';
import type { UsersPage } from '../api/get-users';

/** A user's change: the whole user, or part of one (the online flag of a status event). */
type UserChange = Pick<UserView, 'id'> & Partial<UserView>;

/** Replaces the user where it is listed; with `addIfMissing` (a whole user only), puts a new one at the top. */
export function upsertUser(data: InfiniteData<UsersPage> | undefined, user: UserView, addIfMissing: boolean): InfiniteData<UsersPage> | undefined;
export function upsertUser(data: InfiniteData<UsersPage> | undefined, user: UserChange, addIfMissing: false): InfiniteData<UsersPage> | undefined;
export function upsertUser(data: InfiniteData<UsersPage> | undefined, user: UserChange, addIfMissing: boolean): InfiniteData<UsersPage> | undefined {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((p) => ({
    ...p,
    users: p.users.map((u) => {
      if (u.id !== user.id) return u;
      found = true;
      return { ...u, ...user };
    }),
  }));
  if (!found && addIfMissing && pages[0]) pages[0] = { ...pages[0], users: [user as UserView, ...pages[0].users] };
  return { ...data, pages };
}

export function removeUser(data: InfiniteData<UsersPage> | undefined, id: number): InfiniteData<UsersPage> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, users: p.users.filter((u) => u.id !== id) })) };
}

/** The search a list was made for matches the user (so a created user may join it). */
export function matchesSearch(user: Pick<UserView, 'name' | 'email'>, search: string): boolean {
  const s = search.trim().toLowerCase();
  return !s || user.name.toLowerCase().includes(s) || user.email.toLowerCase().includes(s);
}
