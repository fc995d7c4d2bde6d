import type { TicketView } from '@conversa/shared/schemas/tickets';
import { useQueues } from '../../../lib/queues';
import { queueChoices, type QueueOption } from '../lib/queues';

/** The queues a dialog can offer (GET /queue, cached once for the app), `allowed` ones when given. */
export function useKnownQueues(current?: TicketView, allowed?: readonly number[]): QueueOption[] {
  const queues = useQueues();
  return queueChoices(queues.data ?? [], allowed, current?.queue);
}
