import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketsByUser } from '@conversa/shared/schemas/dashboard';
import { api } from '../../../lib/api';
import type { DateRange } from '../lib/dashboard-format';

/** GET /dashboard/ticketsUsers?initialDate=&finalDate= (yyyy-MM-dd). */
export const getTicketsByUser = (range: DateRange): Promise<TicketsByUser> =>
  api.get<TicketsByUser>('/dashboard/ticketsUsers', { query: { initialDate: range.from, finalDate: range.to } });

export const getTicketsByUserQueryOptions = (range: DateRange) =>
  queryOptions({ queryKey: ['dashboard', 'tickets-by-user', range] as const, queryFn: () => getTicketsByUser(range) });

export const useTicketsByUser = (range: DateRange) => useQuery({ ...getTicketsByUserQueryOptions(range), placeholderData: keepPreviousData });
