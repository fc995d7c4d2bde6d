/**
 * GET /queue: the company's queues, for the /queues page and every queue picker (connections,
 * users, the ticket filter, transfer, new ticket, the contacts' queue dialog). One query key, so
 * one request serves them all and a save on /queues shows everywhere. Shared (not a feature's):
 * every feature that picks a queue reads it.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { QueueView } from '@conversa/shared/schemas/queues';
import { api } from './api';

/** Sorted as the server answers: orderQueue, then id. */
export const getQueues = (): Promise<QueueView[]> => api.get<QueueView[]>('/queue');

export const queuesKey = ['queues', 'list'] as const;

// Queues change rarely; saves and the queue channel update the cache in place.
export const getQueuesQueryOptions = () => queryOptions({ queryKey: queuesKey, queryFn: getQueues, staleTime: 5 * 60_000 });

export const useQueues = (enabled = true) => useQuery({ ...getQueuesQueryOptions(), enabled });

/** Menu order (spec 2 §3): orderQueue first (none last), then id. */
export function byMenuOrder(a: Pick<QueueView, 'id' | 'orderQueue'>, b: Pick<QueueView, 'id' | 'orderQueue'>): number {
  const oa = a.orderQueue ?? Number.MAX_SAFE_INTEGER;
  const ob = b.orderQueue ?? Number.MAX_SAFE_INTEGER;
  return oa - ob || a.id - b.id;
}

export function upsertQueue(list: QueueView[], queue: QueueView): QueueView[] {
  const rest = list.filter((q) => q.id !== queue.id);
  return [...rest, queue].sort(byMenuOrder);
}

/** A queue created, changed or deleted (a save here, or another admin's on the queue channel). */
export function applyQueue(qc: QueryClient, change: { queue: QueueView } | { deletedId: number }): void {
  qc.setQueryData<QueueView[]>(queuesKey, (list) => {
    if (!list) return list;
    return 'queue' in change ? upsertQueue(list, change.queue) : list.filter((q) => q.id !== change.deletedId);
  });
}

/** The queues a user may pick: all for admins, else the ones in their queueIds. */
export function allowedQueues<Q extends { id: number }>(queues: readonly Q[], allowed?: readonly number[]): Q[] {
  return allowed ? queues.filter((q) => allowed.includes(q.id)) : [...queues];
}
