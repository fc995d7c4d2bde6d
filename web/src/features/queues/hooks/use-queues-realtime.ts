import { useQueryClient } from '@tanstack/react-query';
import type { QueueView } from '@conversa/shared/schemas/queues';
import { channel } from '@conversa/shared/realtime';
import { useChannel } from '../../../lib/realtime';
import { applyQueue } from '../../../lib/queues';
import { queueDetailKey } from '../api/get-queue';

type QueueEvent = { action: 'create' | 'update' | 'delete'; queue?: QueueView; queueId?: number };

/** `company-{id}-queue`: another admin created, changed or deleted a queue. */
export function useQueuesRealtime(companyId: number): void {
  const qc = useQueryClient();
  useChannel<QueueEvent>(channel.queue(companyId), ({ data }) => {
    if (data.action === 'delete') {
      const id = data.queueId ?? data.queue?.id;
      if (id === undefined) return;
      applyQueue(qc, { deletedId: id });
      qc.removeQueries({ queryKey: queueDetailKey(id) });
    } else if (data.queue && typeof data.queue.id === 'number') {
      applyQueue(qc, { queue: data.queue });
    }
  });
}
