import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CampaignsPage, CampaignView } from '@conversa/shared/schemas/campaigns';
import { api } from '../../../lib/api';
import { upsertCampaign } from '../lib/campaigns-cache';
import { campaignKey, campaignsKey, campaignsListKey } from './get-campaigns';

/**
 * The row actions that answer a campaign (spec 3 §7): POST /campaigns/{id}/cancel (stop a running
 * one), /restart (a cancelled one goes on with what was never sent), /clone (a copy, inactive).
 * One file for the three: the same call and the same cache edit, only the verb differs.
 */
export type CampaignAction = 'cancel' | 'restart' | 'clone';

export const runCampaignAction = ({ id, action }: { id: number; action: CampaignAction }): Promise<CampaignView> => api.post<CampaignView>(`/campaigns/${id}/${action}`);

/** A failure shows the error's message as a toast (spec 3 §8), through the shared handler. */
export function useCampaignAction(options: { onSuccess?: (c: CampaignView, action: CampaignAction) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: runCampaignAction,
    onSuccess: (c, vars) => {
      for (const [key, list] of qc.getQueriesData<InfiniteData<CampaignsPage>>({ queryKey: campaignsListKey })) qc.setQueryData(key, upsertCampaign(list, c));
      qc.setQueryData(campaignKey(c.id), c);
      void qc.invalidateQueries({ queryKey: campaignsKey });
      options.onSuccess?.(c, vars.action);
    },
  });
}
