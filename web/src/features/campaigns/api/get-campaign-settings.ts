import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignSettings } from '@conversa/shared/schemas/campaigns';
import { api } from '../../../lib/api';

/** GET /campaign-settings → the company's settings (defaults 20 s / 20 / 60 s, daily cap 1,000). */
export const getCampaignSettings = (): Promise<CampaignSettings> => api.get<CampaignSettings>('/campaign-settings');

export const campaignSettingsKey = ['campaignSettings'] as const;
export const getCampaignSettingsQueryOptions = () => queryOptions({ queryKey: campaignSettingsKey, queryFn: getCampaignSettings });
export const useCampaignSettings = () => useQuery(getCampaignSettingsQueryOptions());
