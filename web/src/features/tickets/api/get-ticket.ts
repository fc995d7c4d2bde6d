import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { api } from '../../../lib/api';
import { ticketsKey } from '../../../lib/get-tickets';

/** GET /tickets/u/{uuid}: the ticket with its contact; 403 when it is outside the user's view. */
export const getTicket = (uuid: string): Promise<TicketView> => api.get<TicketView>(`/tickets/u/${encodeURIComponent(uuid)}`);

export const ticketDetailKey = (uuid: string) => [...ticketsKey, 'detail', uuid] as const;

// Errors are handled by the page (403 → 'Acesso não permitido'), not the generic toast.
export const getTicketQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: ticketDetailKey(uuid), queryFn: () => getTicket(uuid), staleTime: Infinity, retry: false, meta: { silent: true } });

export const useTicket = (uuid: string | undefined) => useQuery({ ...getTicketQueryOptions(uuid ?? ''), enabled: Boolean(uuid) });
