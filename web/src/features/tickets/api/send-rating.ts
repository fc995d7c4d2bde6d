import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { api } from '../../../lib/api';
import { ticketsKey } from '../../../lib/get-tickets';
import { useApplyTicket } from '../hooks/use-apply-ticket';

/**
 * POST /ratings/messages/{ticketId} { ratingId } (spec 1 §7, BEHAVIOUR.md "Agent actions"):
 * resolves the ticket and sends the rating's menu; the ticket then waits for the answer.
 */
export const sendRating = ({ ticketId, ratingId }: { ticketId: number; ratingId: number }): Promise<TicketView | undefined> =>
  api.post<TicketView | undefined>(`/ratings/messages/${ticketId}`, { ratingId });

const isTicket = (v: unknown): v is TicketView => typeof v === 'object' && v !== null && 'uuid' in v && 'status' in v;

export function useSendRating(options: { onSuccess?: () => void } = {}) {
  const apply = useApplyTicket();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendRating,
    onSuccess: (answer) => {
      // The resolved ticket also arrives by its live event; the answer just gets there first.
      if (isTicket(answer)) apply(answer);
      else void qc.invalidateQueries({ queryKey: ticketsKey });
      options.onSuccess?.();
    },
  });
}
