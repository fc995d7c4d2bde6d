import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KanbanBoard, KanbanLanePage } from '@conversa/shared/schemas/tags';
import { api } from '../../../lib/api';
import { appendPage, toBoard, type Board } from '../lib/board';

const queueList = (queueIds: readonly number[]) => (queueIds.length ? queueIds.join(',') : undefined);

/**
 * GET /ticket/kanban?queueIds=: the first page of 'Em aberto' and of every lane; with `laneId` and
 * `cursor`, the next page of one lane.
 */
export const getKanbanBoard = (queueIds: readonly number[]): Promise<KanbanBoard> => api.get<KanbanBoard>('/ticket/kanban', { query: { queueIds: queueList(queueIds) } });
export const getKanbanLane = (laneId: number, cursor: string | undefined, queueIds: readonly number[]): Promise<KanbanLanePage> =>
  api.get<KanbanLanePage>('/ticket/kanban', { query: { laneId, cursor, queueIds: queueList(queueIds) } });

/** Every board, whatever its queue filter: what live events keep current. */
export const kanbanKey = ['kanban', 'board'] as const;
export type KanbanQueryKey = readonly ['kanban', 'board', { queueIds: number[] }];

// Live ticket events keep the board current (hooks/use-kanban-realtime): no refetch on focus or staleness.
export const getKanbanQueryOptions = (queueIds: readonly number[]) =>
  queryOptions({ queryKey: [...kanbanKey, { queueIds: [...queueIds] }] as KanbanQueryKey, queryFn: async (): Promise<Board> => toBoard(await getKanbanBoard(queueIds)), staleTime: Infinity });

export const useKanbanBoard = (queueIds: readonly number[]) => useQuery(getKanbanQueryOptions(queueIds));

type LoadMore = { laneId: number; cursor?: string; queueIds: readonly number[] };

/** A lane's "load more": its next page appended to the board it was asked for (the filter it names, whatever the page shows by then). */
export function useLoadMoreLane() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ laneId, cursor, queueIds }: LoadMore) => getKanbanLane(laneId, cursor, queueIds),
    onSuccess: (page, { queueIds }) => qc.setQueryData(getKanbanQueryOptions(queueIds).queryKey, (b) => (b ? appendPage(b, page) : b)),
  });
}
