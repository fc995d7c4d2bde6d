import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /users/list: the company's users by name (the audit log's user filter). */
export const getUserNames = (): Promise<{ id: number; name: string }[]> => api.get('/users/list');

export const getUserNamesQueryOptions = () => queryOptions({ queryKey: ['users', 'names'] as const, queryFn: getUserNames, staleTime: 60_000 });

export const useUserNames = () => useQuery(getUserNamesQueryOptions());
