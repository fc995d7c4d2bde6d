import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SatisfactionView } from '@conversa/shared/schemas/ratings';
import { api } from '../../../lib/api';
import { toDayBR, type DayRange } from '../lib/satisfaction-format';
import { ratingsKey } from './get-ratings';

/** GET /satisfaction?startDate=&endDate= (DD/MM/YYYY, inclusive; spec 3 §7). */
export const getSatisfaction = (range: DayRange): Promise<SatisfactionView> =>
  api.get<SatisfactionView>('/satisfaction', { query: { startDate: toDayBR(range.from), endDate: toDayBR(range.to) } });

/** Silent: the page shows the spec's own load-failure toast instead of the shared handler's. */
export const getSatisfactionQueryOptions = (range: DayRange) =>
  queryOptions({ queryKey: [...ratingsKey, 'satisfaction', range] as const, queryFn: () => getSatisfaction(range), meta: { silent: true } });

export const useSatisfaction = (range: DayRange) => useQuery({ ...getSatisfactionQueryOptions(range), placeholderData: keepPreviousData });
