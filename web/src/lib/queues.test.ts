import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { QueueView } from '@conversa/shared/schemas/queues';
import { allowedQueues, applyQueue, queuesKey } from './queues';

const q = (id: number, orderQueue: number | null, name = `Fila ${id}`): QueueView => ({
  id, name, color: '#000', greetingMessage: '', outOfHoursMessage: '', orderQueue, typebotUrl: null, typebotName: null, urlFlow: null, tokenFlow: null,
  schedules: [], flowId: null, chatbots: [], createdAt: '', updatedAt: '',
});

describe('queues cache', () => {
  it('keeps menu order (orderQueue, none last, then id) through creates, updates and deletes', () => {
    const qc = new QueryClient();
    qc.setQueryData(queuesKey, [q(1, null), q(2, 1)]);
    applyQueue(qc, { queue: q(3, 0) });
    expect(qc.getQueryData<QueueView[]>(queuesKey)!.map((x) => x.id)).toEqual([3, 2, 1]);
    applyQueue(qc, { queue: q(1, 0, 'Renomeada') });
    expect(qc.getQueryData<QueueView[]>(queuesKey)!.map((x) => [x.id, x.name])).toEqual([[1, 'Renomeada'], [3, 'Fila 3'], [2, 'Fila 2']]);
    applyQueue(qc, { deletedId: 3 });
    expect(qc.getQueryData<QueueView[]>(queuesKey)!.map((x) => x.id)).toEqual([1, 2]);
  });

  it('a user picks among their own queues; an admin among all', () => {
    expect(allowedQueues([q(1, null), q(2, null)], [2]).map((x) => x.id)).toEqual([2]);
    expect(allowedQueues([q(1, null), q(2, null)]).map((x) => x.id)).toEqual([1, 2]);
  });
});
