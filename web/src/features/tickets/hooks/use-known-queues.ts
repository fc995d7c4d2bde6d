import { useQueryClient } from '@tanstack/react-query';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { ticketListsKey } from '../api/get-tickets';
import { queuesSeen, type QueueOption } from '../lib/queues';
import { allTickets, type TicketPages } from '../lib/tickets-cache';

/**
 * The queues a dialog can offer. GET /queue does not exist yet (the queues issue), so these are
 * the queues seen on the loaded tickets (plus the current ticket's), not the company's full list.
 */
export function useKnownQueues(current?: TicketView, allowed?: readonly number[]): QueueOption[] {
  const qc = useQueryClient();
  const seen = qc.getQueriesData<TicketPages>({ queryKey: ticketListsKey }).flatMap(([, d]) => allTickets(d));
  return queuesSeen(current ? [current, ...seen] : seen, allowed);
}
