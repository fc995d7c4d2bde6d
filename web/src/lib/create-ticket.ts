import { useMutation } from '@tanstack/react-query';
import type { CreateTicketBody, TicketView } from '@conversa/shared/schemas/tickets';
import { api } from './api';

/**
 * POST /tickets: a new open ticket for a known contact (the new-ticket modal; a contact's chat
 * button and /n/{telefone}). ERR_OTHER_OPEN_TICKET when one is open.
 */
export const createTicket = (body: CreateTicketBody): Promise<TicketView> => api.post<TicketView>('/tickets', body);

/** `silent`: the caller shows the error itself. */
export function useCreateTicket(options: { onSuccess?: (t: TicketView) => void; onError?: (err: unknown) => void; silent?: boolean } = {}) {
  return useMutation({ mutationFn: createTicket, meta: { silent: options.silent }, onSuccess: options.onSuccess, onError: options.onError });
}
