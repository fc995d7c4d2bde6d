import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /version → { version } (shown to the super user in the drawer). */
export const getVersion = (): Promise<{ version: string }> => api.get<{ version: string }>('/version', { auth: false });

export const getVersionQueryOptions = () =>
  queryOptions({ queryKey: ['platform', 'version'] as const, queryFn: getVersion, staleTime: Infinity, meta: { silent: true } });

export const useVersion = (enabled: boolean) => useQuery({ ...getVersionQueryOptions(), enabled });
