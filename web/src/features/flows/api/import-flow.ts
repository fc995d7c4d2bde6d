import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FlowDocumentView } from '@conversa/shared/schemas/flows';
import { api } from '../../../lib/api';
import { flowsKey } from '../../../lib/get-flows';

/** PUT /flowbuilder/importFlow/{id} body jsonFlow (the file's text): the flow's graph replaced, a new version. */
export const importFlow = ({ id, jsonFlow }: { id: number; jsonFlow: string }): Promise<FlowDocumentView> => api.put<FlowDocumentView>(`/flowbuilder/importFlow/${id}`, { jsonFlow });

export function useImportFlow(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importFlow,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: flowsKey });
      options.onSuccess?.();
    },
  });
}
