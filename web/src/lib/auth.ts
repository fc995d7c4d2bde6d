/**
 * The signed-in session (as bulletproof-react's lib/auth): the token in localStorage, the user
 * from GET /auth/me (or the login/refresh answer) in the query cache.
 */
import { createContext, useContext } from 'react';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SessionAnswer } from '@conversa/shared/schemas/auth';
import type { LoginAnswer } from '@conversa/shared/schemas/two-factor';
import { api } from './api';
import { clearToken, setToken, useToken } from './auth-token';
import { queryClient } from './query-client';
import { STORAGE_KEYS, writeStorage } from './storage';

export type SessionUser = SessionAnswer['user'];
export type LoginInput = { email: string; password: string };

export const getMe = (): Promise<SessionUser> => api.get<SessionUser>('/auth/me');

export const getMeQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'me'] as const, queryFn: getMe, staleTime: 5 * 60_000, retry: false, meta: { silent: true } });

/** Stores what a login or a refresh answered. */
export function storeSession(answer: SessionAnswer): void {
  setToken(answer.token);
  writeStorage(STORAGE_KEYS.companyId, String(answer.user.companyId));
  writeStorage(STORAGE_KEYS.userId, String(answer.user.id));
  queryClient.setQueryData(getMeQueryOptions().queryKey, answer.user);
}

export function patchMe(patch: Partial<SessionUser>): void {
  queryClient.setQueryData(getMeQueryOptions().queryKey, (u: SessionUser | undefined) => (u ? { ...u, ...patch } : u));
}

/** Forgets the session locally (401, logout, replaced session). */
export function clearSession(): void {
  clearToken();
  queryClient.clear();
}

export type Session =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; user: SessionUser };

/** Token + me query → the three states the route guard decides on. */
export function useSession(): Session {
  const token = useToken();
  const me = useQuery({ ...getMeQueryOptions(), enabled: Boolean(token) });
  if (!token) return { status: 'anonymous' };
  if (me.data) return { status: 'authenticated', user: me.data };
  if (me.isError) return { status: 'anonymous' };
  return { status: 'loading' };
}

/** Provided by the private guard once the session is known. */
export const UserContext = createContext<SessionUser | undefined>(undefined);

/** The signed-in user; only for components under the private guard. */
export function useUser(): SessionUser {
  const user = useContext(UserContext);
  if (!user) throw new Error('useUser() outside the private area');
  return user;
}

/** The session, or the challenge of a second factor (login-form's next step). */
export const loginWithEmailAndPassword = (input: LoginInput): Promise<LoginAnswer> =>
  api.post<LoginAnswer>('/auth/login', input, { auth: false });

export const isSessionAnswer = (a: LoginAnswer): a is SessionAnswer => 'token' in a;

export function useLogin(options: { onSuccess?: (answer: LoginAnswer) => void } = {}) {
  return useMutation({
    mutationFn: loginWithEmailAndPassword,
    onSuccess: (answer) => {
      if (isSessionAnswer(answer)) storeSession(answer);
      options.onSuccess?.(answer);
    },
  });
}

export const logout = (): Promise<void> => api.delete<void>('/auth/logout', { auth: false });

export function useLogout(options: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: () => logout().catch(() => undefined),
    meta: { silent: true },
    onSettled: () => {
      clearSession();
      options.onSuccess?.();
    },
  });
}
