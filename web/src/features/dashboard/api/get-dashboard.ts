import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardView } from '@conversa/shared/schemas/dashboard';
import { api } from '../../../lib/api';
import type { DateRange } from '../lib/dashboard-format';

/** GET /dashboard?date_from=&date_to= (admin): counters and attendants of the range. */
export const getDashboard = (range: DateRange): Promise<DashboardView> =>
  api.get<DashboardView>('/dashboard', { query: { date_from: range.from, date_to: range.to } });

export const getDashboardQueryOptions = (range: DateRange) =>
  queryOptions({ queryKey: ['dashboard', 'counters', range] as const, queryFn: () => getDashboard(range) });

export const useDashboard = (range: DateRange) => useQuery({ ...getDashboardQueryOptions(range), placeholderData: keepPreviousData });
