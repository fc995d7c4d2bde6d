import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CampaignsPage, CampaignView } from '@conversa/shared/schemas/campaigns';
import { api } from '../../../lib/api';

/** Next page: the server's cursor when it gives one, else the page number (spec 3 §7 pageNumber). */
export type CampaignsPageParam = { cursor?: string; page: number };

/** GET /campaigns?searchParam=&cursor= → records, hasMore (newest first). */
export const getCampaigns = (searchParam: string, param: CampaignsPageParam): Promise<CampaignsPage> =>
  api.get<CampaignsPage>('/campaigns', { query: { searchParam: searchParam || undefined, cursor: param.cursor, pageNumber: param.cursor || param.page === 1 ? undefined : param.page } });

/** Every campaigns query (the pages and one campaign): what saves and live events read again. */
export const campaignsKey = ['campaigns'] as const;
/** Every campaigns list, whatever the search: what mutations and live events touch. */
export const campaignsListKey = [...campaignsKey, 'list'] as const;

export const getCampaignsQueryOptions = (searchParam: string) =>
  infiniteQueryOptions({
    queryKey: [...campaignsListKey, { searchParam }] as const,
    queryFn: ({ pageParam }) => getCampaigns(searchParam, pageParam),
    initialPageParam: { page: 1 } as CampaignsPageParam,
    getNextPageParam: (last, _all, lastParam): CampaignsPageParam | undefined => (last.hasMore ? { cursor: last.cursor, page: lastParam.page + 1 } : undefined),
  });

export const useCampaigns = (searchParam: string) => useInfiniteQuery(getCampaignsQueryOptions(searchParam));

/** GET /campaigns/{id}: the report's header and counters. */
export const getCampaign = (id: number): Promise<CampaignView> => api.get<CampaignView>(`/campaigns/${id}`);
export const campaignKey = (id: number) => [...campaignsKey, 'one', id] as const;
export const getCampaignQueryOptions = (id: number) => queryOptions({ queryKey: campaignKey(id), queryFn: () => getCampaign(id) });
export const useCampaign = (id: number) => useQuery(getCampaignQueryOptions(id));
