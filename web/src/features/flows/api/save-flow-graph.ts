import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FlowDocumentView } from '@conversa/shared/schemas/flows';
import { api } from '../../../lib/api';
import { flowsListKey } from '../../../lib/get-flows';

/** `version`: the one the editor loaded (another tab's save in between answers ERR_FLOW_VERSION_CONFLICT). */
export type SaveFlowGraph = { idFlow: number; version?: number; nodes: unknown[]; connections: unknown[] };

/** POST /flowbuilder/flow body idFlow, version, nodes, connections: a new version of the graph. */
export const saveFlowGraph = (body: SaveFlowGraph): Promise<FlowDocumentView> => api.post<FlowDocumentView>('/flowbuilder/flow', body);

/** A failure toasts through the shared handler; the editor also lists an invalid graph's issues. */
export function useSaveFlowGraph(options: { onSuccess?: (saved: FlowDocumentView) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveFlowGraph,
    onSuccess: (saved) => {
      void qc.invalidateQueries({ queryKey: flowsListKey });
      options.onSuccess?.(saved);
    },
  });
}
