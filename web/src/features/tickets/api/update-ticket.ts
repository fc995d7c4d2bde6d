import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketView, UpdateTicketBody } from '@conversa/shared/schemas/tickets';
import { api } from '../../../lib/api';
import { ticketsKey } from '../../../lib/get-tickets';
import { useApplyTicket } from '../hooks/use-apply-ticket';

/** PUT /tickets/{id}: accept, return to queue, transfer, resolve, reopen (spec 1 §4). */
export const updateTicket = ({ id, body }: { id: number; body: UpdateTicketBody }): Promise<TicketView> => api.put<TicketView>(`/tickets/${id}`, body);

/** `silent`: a failed close is ignored (spec 1 §4), so it is not toasted. */
export function useUpdateTicket(options: { onSuccess?: (t: TicketView, body: UpdateTicketBody) => void; silent?: boolean } = {}) {
  const apply = useApplyTicket();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateTicket,
    meta: { silent: options.silent },
    onSuccess: (t, { body }) => {
      apply(t);
      options.onSuccess?.(t, body);
    },
    onError: () => void qc.invalidateQueries({ queryKey: ticketsKey }),
  });
}
