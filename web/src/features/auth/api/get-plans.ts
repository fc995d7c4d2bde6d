import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@conversa/shared/plans';
import { api } from '../../../lib/api';

/** GET /plans/list (public): the plans a company can sign up for. */
export const getPlans = (): Promise<Plan[]> => api.get<Plan[]>('/plans/list', { auth: false });

export const getPlansQueryOptions = () =>
  queryOptions({ queryKey: ['plans', 'list'] as const, queryFn: getPlans, staleTime: 10 * 60_000 });

export const usePlans = () => useQuery(getPlansQueryOptions());
