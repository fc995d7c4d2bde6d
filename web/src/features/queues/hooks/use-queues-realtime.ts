import { useQueryClient } from '@tanstack/react-query';
import { channel } from '@conversa/shared/realtime';
import { useChannel } from '../../../lib/realtime';
import { applyQueue } from '../../../lib/queues';
import { queueDetailKey } from '../api/get-queue';

/** `company-{id}-queue`: another admin created, changed or deleted a queue. */
export function useQueuesRealtime(companyId: number): void {
  const qc = useQueryClient();
  useChannel(channel.queue(companyId), ({ data }) => {
    if (data.action === 'delete') {
      applyQueue(qc, { deletedId: data.queueId });
      qc.removeQueries({ queryKey: queueDetailKey(data.queueId) });
    } else applyQueue(qc, { queue: data.queue });
  });
}
