import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FlowView } from '@conversa/shared/schemas/flows';
import { api } from '../../../lib/api';
import { flowsKey } from '../../../lib/get-flows';

/** POST /flowbuilder (a new flow, by name) or PUT /flowbuilder (rename: name and flowId). */
export const saveFlowName = ({ flowId, name }: { flowId?: number; name: string }): Promise<FlowView> =>
  flowId === undefined ? api.post<FlowView>('/flowbuilder', { name }) : api.put<FlowView>('/flowbuilder', { name, flowId });

export function useSaveFlowName(options: { onSuccess?: (f: FlowView, created: boolean) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveFlowName,
    onSuccess: (f, { flowId }) => {
      void qc.invalidateQueries({ queryKey: flowsKey });
      options.onSuccess?.(f, flowId === undefined);
    },
  });
}
