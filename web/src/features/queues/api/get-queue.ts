import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueView } from '@conversa/shared/schemas/queues';
import { api } from '../../../lib/api';

/** GET /queue/{id}: one queue with its option tree (the modal's fresh copy). */
export const getQueue = (id: number): Promise<QueueView> => api.get<QueueView>(`/queue/${id}`);

export const queueDetailKey = (id: number) => ['queues', 'detail', id] as const;

export const getQueueQueryOptions = (id: number) => queryOptions({ queryKey: queueDetailKey(id), queryFn: () => getQueue(id), staleTime: 0 });

export const useQueue = (id: number | undefined) => useQuery({ ...getQueueQueryOptions(id ?? 0), enabled: id !== undefined });
