import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketsByDay } from '@conversa/shared/schemas/dashboard';
import { api } from '../../../lib/api';
import type { DateRange } from '../lib/dashboard-format';

/** GET /dashboard/ticketsDay?initialDate=&finalDate=: per day, or per hour when the range is one day. */
export const getTicketsByDay = (range: DateRange): Promise<TicketsByDay> =>
  api.get<TicketsByDay>('/dashboard/ticketsDay', { query: { initialDate: range.from, finalDate: range.to } });

export const getTicketsByDayQueryOptions = (range: DateRange) =>
  queryOptions({ queryKey: ['dashboard', 'tickets-by-day', range] as const, queryFn: () => getTicketsByDay(range) });

export const useTicketsByDay = (range: DateRange) => useQuery({ ...getTicketsByDayQueryOptions(range), placeholderData: keepPreviousData });
