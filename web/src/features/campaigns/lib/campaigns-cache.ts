/** Pure edits of the cached campaigns pages, shared by mutations and live events. */
import type { InfiniteData } from '@tanstack/react-query';
import type { CampaignsPage, CampaignView } from '@conversa/shared/schemas/campaigns';

type Data = InfiniteData<CampaignsPage> | undefined;

export const isListed = (data: Data, id: number): boolean => Boolean(data?.pages.some((p) => p.records.some((c) => c.id === id)));

/** Replaces the campaign where it is listed, or puts a new one first (the list is newest first). */
export function upsertCampaign(data: Data, campaign: CampaignView): Data {
  if (!data) return data;
  if (!isListed(data, campaign.id)) {
    const [first, ...rest] = data.pages;
    return first ? { ...data, pages: [{ ...first, records: [campaign, ...first.records] }, ...rest] } : data;
  }
  return { ...data, pages: data.pages.map((p) => ({ ...p, records: p.records.map((c) => (c.id === campaign.id ? campaign : c)) })) };
}

export function removeCampaign(data: Data, id: number): Data {
  if (!data || !isListed(data, id)) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, records: p.records.filter((c) => c.id !== id) })) };
}
