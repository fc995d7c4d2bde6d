import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { api } from '../../../lib/api';
import { ticketsKey } from '../../../lib/get-tickets';
import { ticketDetailKey } from './get-ticket';

/** DELETE /tickets/{id}/flow: the agent stops the flow the ticket is walking (BEHAVIOUR "Flows"). */
export const stopTicketFlow = (ticket: Pick<TicketView, 'id' | 'uuid'>): Promise<unknown> => api.delete<unknown>(`/tickets/${ticket.id}/flow`);

/** The ticket shows no flow at once; the lists read again (the ticket's update event follows too). */
export function useStopTicketFlow(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: stopTicketFlow,
    onSuccess: (_answer, ticket) => {
      qc.setQueryData<TicketView>(ticketDetailKey(ticket.uuid), (t) => (t ? { ...t, flow: null } : t));
      void qc.invalidateQueries({ queryKey: ticketsKey });
      options.onSuccess?.();
    },
  });
}
