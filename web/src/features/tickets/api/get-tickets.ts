import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TicketsPage } from '@conversa/shared/schemas/tickets';
import { api } from '../../../lib/api';
import { toQuery, type TicketListParams } from '../lib/list-params';

/** Next page: the server's cursor when it gives one, else the page number (spec 1 §7 pageNumber). */
export type TicketsPageParam = { cursor?: string; page: number };

/** GET /tickets (spec 1 §7): one list of a tab with its filters. */
export const getTickets = (params: TicketListParams, page: TicketsPageParam, signal?: AbortSignal): Promise<TicketsPage> =>
  api.get<TicketsPage>('/tickets', {
    query: { ...toQuery(params), cursor: page.cursor, pageNumber: page.cursor || page.page === 1 ? undefined : page.page },
    signal,
  });

/** Every ticket list, whatever the tab and filters: what mutations and live events edit. */
export const ticketListsKey = ['tickets', 'list'] as const;

// Live events keep the lists current (hooks/use-tickets-realtime): no refetch on focus.
export const getTicketsQueryOptions = (params: TicketListParams) =>
  infiniteQueryOptions({
    queryKey: [...ticketListsKey, params] as const,
    queryFn: ({ pageParam, signal }) => getTickets(params, pageParam, signal),
    initialPageParam: { page: 1 } as TicketsPageParam,
    getNextPageParam: (last, _all, lastParam): TicketsPageParam | undefined => (last.hasMore ? { cursor: last.cursor, page: lastParam.page + 1 } : undefined),
    staleTime: Infinity,
  });

export const useTickets = (params: TicketListParams, enabled = true) => useInfiniteQuery({ ...getTicketsQueryOptions(params), enabled });
