import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { campaignsKey } from './get-campaigns';

/** DELETE /campaigns/{id} (a running one is cancelled first, by the server). */
export const deleteCampaign = (id: number): Promise<void> => api.delete<void>(`/campaigns/${id}`);

export function useDeleteCampaign(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: campaignsKey });
      options.onSuccess?.();
    },
  });
}
