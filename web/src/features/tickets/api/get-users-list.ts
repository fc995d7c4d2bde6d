import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type UserName = { id: number; name: string };

/** GET /users/list: every user's id and name (filters, transfer). */
export const getUsersList = (): Promise<UserName[]> => api.get<UserName[]>('/users/list');

export const getUsersListQueryOptions = () => queryOptions({ queryKey: ['users', 'names'] as const, queryFn: getUsersList, staleTime: 60_000 });

export const useUsersList = (enabled = true) => useQuery({ ...getUsersListQueryOptions(), enabled });
