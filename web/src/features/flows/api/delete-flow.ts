import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { flowsKey } from '../../../lib/get-flows';

/** DELETE /flowbuilder/{id}. */
export const deleteFlow = (id: number): Promise<void> => api.delete<void>(`/flowbuilder/${id}`);

export function useDeleteFlow(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteFlow,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: flowsKey });
      options.onSuccess?.();
    },
  });
}
