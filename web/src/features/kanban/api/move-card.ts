import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KanbanCard, KanbanMoveResult } from '@conversa/shared/schemas/tags';
import { api } from '../../../lib/api';
import { findCard, moveCard, placeCard } from '../lib/board';
import { getKanbanQueryOptions } from './get-kanban';

/** POST /ticket/kanban/{ticketId}/move: the server moves the lane tag and applies the lane's campaign. */
export const moveKanbanCard = (ticketId: number, laneId: number): Promise<KanbanMoveResult> => api.post<KanbanMoveResult>(`/ticket/kanban/${ticketId}/move`, { laneId });

/** `queueIds`: the board the card was dropped on (its queue filter). */
type Vars = { ticketId: number; laneId: number; queueIds: readonly number[] };

/**
 * The card moves at once (optimistic); the server's card replaces it, or it goes back where it was
 * on an error (the shared handler toasts the error). `moving` pins the card's lane against older
 * ticket events meanwhile.
 */
export function useMoveCard(opts: { moving: Map<number, number>; onMoved(result: KanbanMoveResult): void }) {
  const qc = useQueryClient();
  const keyOf = (v: Vars) => getKanbanQueryOptions(v.queueIds).queryKey;
  return useMutation({
    mutationFn: ({ ticketId, laneId }: Vars) => moveKanbanCard(ticketId, laneId),
    onMutate: async (v: Vars): Promise<{ before?: KanbanCard }> => {
      const { ticketId, laneId } = v;
      const key = keyOf(v);
      await qc.cancelQueries({ queryKey: key });
      const before = findCard(qc.getQueryData(key), ticketId);
      opts.moving.set(ticketId, laneId);
      qc.setQueryData(key, (b) => (b ? moveCard(b, ticketId, laneId) : b));
      return { before };
    },
    onError: (_err, v, ctx) => {
      const from = ctx?.before?.laneId;
      if (from !== undefined) qc.setQueryData(keyOf(v), (b) => (b ? moveCard(b, v.ticketId, from) : b));
    },
    onSuccess: (result, v) => {
      qc.setQueryData(keyOf(v), (b) => (b ? placeCard(b, result.card) : b));
      opts.onMoved(result);
    },
    onSettled: (_r, _e, { ticketId }) => {
      opts.moving.delete(ticketId);
    },
  });
}
