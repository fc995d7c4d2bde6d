import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ticketListsKey, type TicketListParams } from '../../../lib/get-tickets';
import { removeTicket, type TicketPages } from '../lib/tickets-cache';

/** DELETE /tickets/{id} (admin, after confirmation). */
export const deleteTicket = (id: number): Promise<void> => api.delete<void>(`/tickets/${id}`);

export function useDeleteTicket(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteTicket,
    onSuccess: (_r, id) => {
      for (const [key, data] of qc.getQueriesData<TicketPages>({ queryKey: ticketListsKey })) qc.setQueryData(key, removeTicket(data, id, (key[2] ?? {}) as TicketListParams));
      options.onSuccess?.();
    },
  });
}
