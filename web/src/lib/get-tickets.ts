import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TicketsPage, TicketStatusName } from '@conversa/shared/schemas/tickets';
import { api } from './api';

/** What one list asks the server for; also the list's query key. */
export type TicketListParams = {
  status?: TicketStatusName;
  isGroup?: boolean;
  showAll?: boolean;
  queueIds?: number[];
  users?: number[];
  tags?: number[];
  searchParam?: string;
};

/** The query string of GET /tickets (lists comma separated, as the shared schema accepts). */
export function toQuery(p: TicketListParams): Record<string, string | boolean | undefined> {
  const list = (v?: number[]) => (v && v.length ? v.join(',') : undefined);
  return {
    status: p.status,
    isGroup: p.isGroup,
    showAll: p.showAll,
    queueIds: list(p.queueIds),
    users: list(p.users),
    tags: list(p.tags),
    searchParam: p.searchParam,
  };
}

/** Next page: the server's cursor when it gives one, else the page number (spec 1 §7 pageNumber). */
export type TicketsPageParam = { cursor?: string; page: number };

/**
 * GET /tickets (spec 1 §7): one list of a tab with its filters; also the forward dialog's targets
 * and a contact's ticket in progress (its chat button).
 */
export const getTickets = (params: TicketListParams, page: TicketsPageParam = { page: 1 }, signal?: AbortSignal): Promise<TicketsPage> =>
  api.get<TicketsPage>('/tickets', {
    query: { ...toQuery(params), cursor: page.cursor, pageNumber: page.cursor || page.page === 1 ? undefined : page.page },
    signal,
  });

/** Everything cached of tickets (lists, details): what a reconnect or a failed change reads again. */
export const ticketsKey = ['tickets'] as const;
/** Every ticket list, whatever the tab and filters: what mutations and live events edit. */
export const ticketListsKey = [...ticketsKey, 'list'] as const;

// Live events keep the lists current (features/tickets/hooks/use-tickets-realtime): no refetch on focus.
export const getTicketsQueryOptions = (params: TicketListParams) =>
  infiniteQueryOptions({
    queryKey: [...ticketListsKey, params] as const,
    queryFn: ({ pageParam, signal }) => getTickets(params, pageParam, signal),
    initialPageParam: { page: 1 } as TicketsPageParam,
    getNextPageParam: (last, _all, lastParam): TicketsPageParam | undefined => (last.hasMore ? { cursor: last.cursor, page: lastParam.page + 1 } : undefined),
    staleTime: Infinity,
  });

export const useTickets = (params: TicketListParams, enabled = true) => useInfiniteQuery({ ...getTicketsQueryOptions(params), enabled });

/** A one-page search of every status (the forward dialog's targets): not a list, so not counted as one. */
export const searchTicketsQueryOptions = (searchParam: string) =>
  queryOptions({ queryKey: [...ticketsKey, 'search', searchParam] as const, queryFn: () => getTickets({ searchParam: searchParam || undefined }), staleTime: 15_000 });

export const useSearchTickets = (searchParam: string, enabled: boolean) => useQuery({ ...searchTicketsQueryOptions(searchParam), enabled });
