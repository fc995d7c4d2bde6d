import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectionView } from '@conversa/shared/channels';
import { api } from './api';

/**
 * GET /whatsapp → the company's connections: the connections page, and the pickers of a new
 * ticket, a new group and a transfer. Shared: more than one feature reads it.
 */
export const getConnections = (): Promise<ConnectionView[]> => api.get<ConnectionView[]>('/whatsapp');

/** The list every mutation and live event edits. */
export const connectionsKey = ['connections', 'list'] as const;

// Live events keep it current for admins (features/connections/hooks/use-connections-realtime): no refetch on focus or interval.
export const getConnectionsQueryOptions = () => queryOptions({ queryKey: connectionsKey, queryFn: getConnections, staleTime: Infinity });

/** `staleTime`: a picker of a user who gets no live connection events reads the list again after it. */
export const useConnections = (options: { enabled?: boolean; staleTime?: number } = {}) =>
  useQuery({ ...getConnectionsQueryOptions(), enabled: options.enabled ?? true, ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }) });
