import { useMutation } from '@tanstack/react-query';
import type { CreateTicketBody, TicketView } from '@conversa/shared/schemas/tickets';
import { api } from '../../../lib/api';
import { useApplyTicket } from '../hooks/use-apply-ticket';

/** POST /tickets: a new open ticket for a known contact. ERR_OTHER_OPEN_TICKET when one is open. */
export const createTicket = (body: CreateTicketBody): Promise<TicketView> => api.post<TicketView>('/tickets', body);

export function useCreateTicket(options: { onSuccess?: (t: TicketView) => void; onError?: (err: unknown) => void } = {}) {
  const apply = useApplyTicket();
  return useMutation({
    mutationFn: createTicket,
    // The modal shows ERR_OTHER_OPEN_TICKET itself, with a way to the open ticket.
    meta: { silent: true },
    onSuccess: (t) => {
      apply(t);
      options.onSuccess?.(t);
    },
    onError: options.onError,
  });
}
