import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FlowView } from '@conversa/shared/schemas/flows';
import { api } from '../../../lib/api';
import { flowsKey } from '../../../lib/get-flows';

/** POST /flowbuilder/duplicate body flowId: a copy of the flow and its graph. */
export const duplicateFlow = (flowId: number): Promise<FlowView> => api.post<FlowView>('/flowbuilder/duplicate', { flowId });

export function useDuplicateFlow(options: { onSuccess?: (f: FlowView) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: duplicateFlow,
    onSuccess: (f) => {
      void qc.invalidateQueries({ queryKey: flowsKey });
      options.onSuccess?.(f);
    },
  });
}
