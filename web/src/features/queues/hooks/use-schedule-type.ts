import { useQuery } from '@tanstack/react-query';
import { SETTINGS } from '@conversa/shared/settings';
import { getSettingQueryOptions } from '../../../lib/get-setting';

export type ScheduleType = 'disabled' | 'queue' | 'company';

/**
 * The setting scheduleType: the queue modal shows its hours tab only for 'queue' (spec 2 "Queue
 * modal"). The settings page's query, so a change there shows here; read again after a minute.
 */
export function useScheduleType(): ScheduleType {
  const q = useQuery({ ...getSettingQueryOptions('scheduleType'), staleTime: 60_000 });
  const v = q.data?.value ?? SETTINGS.scheduleType.default;
  return v === 'queue' || v === 'company' ? v : 'disabled';
}
