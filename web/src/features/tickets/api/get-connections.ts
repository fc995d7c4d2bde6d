import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectionView } from '@conversa/shared/channels';
import { api } from '../../../lib/api';

export type ConnectionOption = Pick<ConnectionView, 'id' | 'name' | 'channel' | 'status' | 'isDefault'>;

/** GET /whatsapp: the connections a ticket can go through (new ticket, new group, transfer). */
export const getConnectionOptions = (): Promise<ConnectionOption[]> => api.get<ConnectionOption[]>('/whatsapp');

export const getConnectionOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['tickets', 'connections'] as const, queryFn: getConnectionOptions, staleTime: 60_000 });

export const useConnectionOptions = (enabled = true) => useQuery({ ...getConnectionOptionsQueryOptions(), enabled });
