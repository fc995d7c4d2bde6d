import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Connection } from '../lib/connection';

/** GET /whatsapp/{id} (with the token, for admins). */
export const getConnection = (id: number): Promise<Connection> => api.get<Connection>(`/whatsapp/${id}`);

export const connectionDetailKey = (id: number) => ['connections', 'detail', id] as const;

export const getConnectionQueryOptions = (id: number) => queryOptions({ queryKey: connectionDetailKey(id), queryFn: () => getConnection(id) });

export const useConnection = (id: number | undefined) => useQuery({ ...getConnectionQueryOptions(id ?? 0), enabled: id !== undefined });
