import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

export type UserName = { id: number; name: string };

/** GET /users/list: every user's id and name (the ticket filters and transfer, the audit log's user filter). */
export const getUsersList = (): Promise<UserName[]> => api.get<UserName[]>('/users/list');

export const getUsersListQueryOptions = () => queryOptions({ queryKey: ['users', 'names'] as const, queryFn: getUsersList, staleTime: 60_000 });

export const useUsersList = (enabled = true) => useQuery({ ...getUsersListQueryOptions(), enabled });
