import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { flowsListKey } from '../../../lib/get-flows';

export type SaveFlowGraph = { idFlow: number; nodes: unknown[]; connections: unknown[] };

/** POST /flowbuilder/flow body idFlow, nodes, connections: a new version of the graph. */
export const saveFlowGraph = (body: SaveFlowGraph): Promise<unknown> => api.post<unknown>('/flowbuilder/flow', body);

/** A failure toasts through the shared handler; the editor also lists an invalid graph's issues. */
export function useSaveFlowGraph(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveFlowGraph,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: flowsListKey });
      options.onSuccess?.();
    },
  });
}
