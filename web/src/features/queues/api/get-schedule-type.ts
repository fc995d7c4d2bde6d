import { queryOptions, useQuery } from '@tanstack/react-query';
import { SETTINGS } from '@conversa/shared/settings';
import { api } from '../../../lib/api';

type SettingRow = { key: string; value: string };
export type ScheduleType = 'disabled' | 'queue' | 'company';

/**
 * GET /settings/scheduleType: the queue modal shows its hours tab only for 'queue' (spec 2 "Queue
 * modal"). The settings page's key for that setting, so a change there shows here.
 */
export const getScheduleType = async (): Promise<SettingRow> => api.get<SettingRow>('/settings/scheduleType');

export const getScheduleTypeQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'detail', 'scheduleType'] as const, queryFn: getScheduleType, staleTime: 60_000, meta: { silent: true } });

export function useScheduleType(): ScheduleType {
  const q = useQuery(getScheduleTypeQueryOptions());
  const v = q.data?.value ?? SETTINGS.scheduleType.default;
  return v === 'queue' || v === 'company' ? v : 'disabled';
}
