import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateGroupBody, TicketView } from '@conversa/shared/schemas/tickets';
import { api } from '../../../lib/api';
import { useApplyTicket } from '../hooks/use-apply-ticket';

export type NewGroup = z.input<typeof CreateGroupBody>;

/** POST /creatGroupAndTicket (ultimate plan); a channel that cannot create groups answers a 4xx (toasted). */
export const createGroup = (body: NewGroup): Promise<TicketView> => api.post<TicketView>('/creatGroupAndTicket', body);

export function useCreateGroup(options: { onSuccess?: (t: TicketView) => void } = {}) {
  const apply = useApplyTicket();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (t) => {
      apply(t);
      options.onSuccess?.(t);
    },
  });
}
