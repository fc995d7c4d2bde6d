import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RecipientsPage, RecipientStatus } from '@conversa/shared/schemas/campaigns';
import { api } from '../../../lib/api';
import { campaignsKey } from './get-campaigns';

/** GET /campaigns/{id}/recipients?status=&cursor= → recipients, hasMore (cursor pages). */
export const getRecipients = (id: number, status: RecipientStatus | undefined, cursor: string | undefined): Promise<RecipientsPage> =>
  api.get<RecipientsPage>(`/campaigns/${id}/recipients`, { query: { status, cursor } });

/** Every recipients query of one campaign: what live counters and the finished refresh read again. */
export const recipientsKey = (id: number) => [...campaignsKey, 'recipients', id] as const;

export const getRecipientsQueryOptions = (id: number, status: RecipientStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: [...recipientsKey(id), { status: status ?? null }] as const,
    queryFn: ({ pageParam }) => getRecipients(id, status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last): string | undefined => (last.hasMore && last.cursor ? last.cursor : undefined),
  });

export const useRecipients = (id: number, status: RecipientStatus | undefined) => useInfiniteQuery(getRecipientsQueryOptions(id, status));
