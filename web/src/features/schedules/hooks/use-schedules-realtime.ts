import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { SchedulesPage } from '@conversa/shared/schemas/schedules';
import { channel } from '@conversa/shared/realtime';
import { useChannel } from '../../../lib/realtime';
import { schedulesListKey } from '../api/get-schedules';
import { isListed, removeSchedule, upsertSchedule } from '../lib/schedules-cache';

/**
 * `company-{id}-schedule`: a listed schedule changes in place (PENDENTE → ENVIADA or ERRO); one a
 * list does not hold (new, or a recurring one's next run) makes that list read again, in the server's order.
 */
export function useSchedulesRealtime(companyId: number): void {
  const qc = useQueryClient();
  useChannel(channel.schedule(companyId), ({ data }) => {
    const lists = qc.getQueriesData<InfiniteData<SchedulesPage>>({ queryKey: schedulesListKey });
    if (data.action === 'delete') {
      for (const [key, list] of lists) qc.setQueryData(key, removeSchedule(list, data.scheduleId));
      return;
    }
    for (const [key, list] of lists) {
      if (isListed(list, data.schedule.id)) qc.setQueryData(key, upsertSchedule(list, data.schedule));
      else void qc.invalidateQueries({ queryKey: key, exact: true });
    }
  });
}
