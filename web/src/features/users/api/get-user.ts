import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserView } from '@conversa/shared/schemas/auth';
import { api } from '../../../lib/api';

/** GET /users/{id}. */
export const getUser = (id: number): Promise<UserView> => api.get<UserView>(`/users/${id}`);

export const userDetailKey = (id: number) => ['users', 'detail', id] as const;

export const getUserQueryOptions = (id: number) => queryOptions({ queryKey: userDetailKey(id), queryFn: () => getUser(id) });

export const useUserDetail = (id: number | undefined) =>
  useQuery({ ...getUserQueryOptions(id ?? 0), enabled: id !== undefined });
