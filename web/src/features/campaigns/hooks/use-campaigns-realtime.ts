import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CampaignsPage, CampaignView } from '@conversa/shared/schemas/campaigns';
import { channel } from '@conversa/shared/realtime';
import { useChannel } from '../../../lib/realtime';
import { campaignKey, campaignsListKey } from '../api/get-campaigns';
import { isListed, removeCampaign, upsertCampaign } from '../lib/campaigns-cache';

/** The search a cached campaigns list was read with (its query key's last part). */
const searchOf = (key: readonly unknown[]): string => (key[2] as { searchParam?: string } | undefined)?.searchParam ?? '';

/**
 * `company-{id}-campaign` (spec 3 §7): create and update upsert (a search list that does not hold
 * the campaign is read again, in the server's order), delete removes; the one campaign's query
 * (the report) takes the new view. `onUpdate` hears every change (the report's 5 s refresh).
 */
export function useCampaignsRealtime(companyId: number, onUpdate?: (c: CampaignView) => void): void {
  const qc = useQueryClient();
  useChannel(channel.campaign(companyId), ({ data }) => {
    const lists = qc.getQueriesData<InfiniteData<CampaignsPage>>({ queryKey: campaignsListKey });
    if (data.action === 'delete') {
      for (const [key, list] of lists) qc.setQueryData(key, removeCampaign(list, data.id));
      return;
    }
    for (const [key, list] of lists) {
      if (isListed(list, data.record.id) || searchOf(key) === '') qc.setQueryData(key, upsertCampaign(list, data.record));
      else void qc.invalidateQueries({ queryKey: key, exact: true });
    }
    qc.setQueryData(campaignKey(data.record.id), data.record);
    onUpdate?.(data.record);
  });
}
