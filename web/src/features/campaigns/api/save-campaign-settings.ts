import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignSettings } from '@conversa/shared/schemas/campaigns';
import { api } from '../../../lib/api';
import { campaignSettingsKey } from './get-campaign-settings';

/** POST /campaign-settings {settings} → the settings as stored. */
export const saveCampaignSettings = (settings: Partial<CampaignSettings>): Promise<CampaignSettings> => api.post<CampaignSettings>('/campaign-settings', { settings });

export function useSaveCampaignSettings(options: { onSuccess?: (s: CampaignSettings) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveCampaignSettings,
    onSuccess: (s) => {
      qc.setQueryData(campaignSettingsKey, s);
      void qc.invalidateQueries({ queryKey: campaignSettingsKey });
      options.onSuccess?.(s);
    },
  });
}
