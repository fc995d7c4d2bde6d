import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Connection } from '../lib/connection';

/** GET /whatsapp → the company's connections (by id). */
export const getConnections = (): Promise<Connection[]> => api.get<Connection[]>('/whatsapp');

/** The list every mutation and live event edits. */
export const connectionsKey = ['connections', 'list'] as const;

// Live events keep it current (hooks/use-connections-realtime): no refetch on focus or interval.
export const getConnectionsQueryOptions = () => queryOptions({ queryKey: connectionsKey, queryFn: getConnections, staleTime: Infinity });

export const useConnections = (options: { enabled?: boolean } = {}) => useQuery({ ...getConnectionsQueryOptions(), enabled: options.enabled ?? true });
