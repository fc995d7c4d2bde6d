import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScheduleEntry } from '@conversa/shared/schemas/queues';
import { api } from '../../../lib/api';

/** The answer: the entries, or the company record carrying them. */
type SchedulesAnswer = ScheduleEntry[] | { schedules?: ScheduleEntry[] };
const entries = (a: SchedulesAnswer): ScheduleEntry[] => (Array.isArray(a) ? a : (a.schedules ?? []));

/** GET /companies/{id}/schedules: the company's working hours (used when scheduleType is company). */
export const getCompanySchedules = async (companyId: number): Promise<ScheduleEntry[]> => entries(await api.get<SchedulesAnswer>(`/companies/${companyId}/schedules`));

export const companySchedulesKey = (companyId: number) => ['companies', companyId, 'schedules'] as const;

export const getCompanySchedulesQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: companySchedulesKey(companyId), queryFn: () => getCompanySchedules(companyId) });

export const useCompanySchedules = (companyId: number) => useQuery(getCompanySchedulesQueryOptions(companyId));

/** PUT /companies/{id}/schedules { id, schedules } (spec 2 §7). */
export const updateCompanySchedules = async ({ companyId, schedules }: { companyId: number; schedules: ScheduleEntry[] }): Promise<ScheduleEntry[]> =>
  entries(await api.put<SchedulesAnswer>(`/companies/${companyId}/schedules`, { id: companyId, schedules }));

export function useUpdateCompanySchedules(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateCompanySchedules,
    onSuccess: (saved, { companyId, schedules }) => {
      qc.setQueryData(companySchedulesKey(companyId), saved.length ? saved : schedules);
      options.onSuccess?.();
    },
  });
}
