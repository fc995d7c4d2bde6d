import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketsPage } from '@conversa/shared/schemas/tickets';
import { api } from '../../../lib/api';

/** GET /tickets?searchParam… (every status): the forward dialog's target picker. */
export const searchTickets = (searchParam: string): Promise<TicketsPage> =>
  api.get<TicketsPage>('/tickets', { query: { searchParam: searchParam || undefined, pageNumber: 1 } });

export const searchTicketsQueryOptions = (searchParam: string) =>
  queryOptions({ queryKey: ['messages', 'forward-targets', searchParam] as const, queryFn: () => searchTickets(searchParam), staleTime: 15_000 });

export const useForwardTargets = (searchParam: string, enabled: boolean) => useQuery({ ...searchTicketsQueryOptions(searchParam), enabled });
