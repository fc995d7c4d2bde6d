import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CampaignsPage, CampaignView } from '@conversa/shared/schemas/campaigns';
import { api } from '../../../lib/api';
import type { AttachmentChange } from '../../../hooks/use-attachment-change';
import { applyMediaChange } from '../../../lib/upload-file';
import type { CampaignInput } from '../lib/campaign-form';
import { upsertCampaign } from '../lib/campaigns-cache';
import { campaignKey, campaignsKey, campaignsListKey } from './get-campaigns';

/**
 * POST /campaigns or PUT /campaigns/{id} (spec 3 §7), then the file: uploaded (POST /messages/upload
 * and its PUT) and named with POST /campaigns/{id}/media-upload, or removed with DELETE (the
 * campaign must exist first). A time given with a new file is set last: a campaign due now starts
 * on save and is no longer editable, so it would start without its file.
 */
export async function saveCampaign({ id, body, media }: { id?: number; body: CampaignInput; media?: AttachmentChange }): Promise<CampaignView> {
  const holdTime = media !== undefined && typeof body.scheduledAt === 'string';
  const first = holdTime ? { ...body, scheduledAt: null } : body;
  const saved = id === undefined ? await api.post<CampaignView>('/campaigns', first) : await api.put<CampaignView>(`/campaigns/${id}`, first);
  const withMedia = await applyMediaChange(`/campaigns/${saved.id}/media-upload`, media, saved);
  return holdTime ? api.put<CampaignView>(`/campaigns/${saved.id}`, { scheduledAt: body.scheduledAt }) : withMedia;
}

/** A saved campaign is drawn at once where listed; every campaigns query is then read again. */
export function useSaveCampaign(options: { onSuccess?: (c: CampaignView) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveCampaign,
    onSuccess: (c) => {
      for (const [key, list] of qc.getQueriesData<InfiniteData<CampaignsPage>>({ queryKey: campaignsListKey })) qc.setQueryData(key, upsertCampaign(list, c));
      qc.setQueryData(campaignKey(c.id), c);
      void qc.invalidateQueries({ queryKey: campaignsKey });
      options.onSuccess?.(c);
    },
  });
}
