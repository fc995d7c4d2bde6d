import { useCallback } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { useUser } from '../../../lib/auth';
import { ticketListsKey, type TicketListParams } from '../../../lib/get-tickets';
import { ticketDetailKey } from '../api/get-ticket';
import { applyTicket, mergeTicket, type IncomingTicket, type TicketPages } from '../lib/tickets-cache';

/**
 * Puts a ticket that changed (a mutation's answer or a live event) into every cached list and
 * its detail. A list that cannot draw it from the event alone is read again.
 */
export function useApplyTicket() {
  const qc = useQueryClient();
  const { id, queueIds } = useUser();
  return useCallback(
    (inc: IncomingTicket) => {
      const stale: QueryKey[] = [];
      for (const [key, data] of qc.getQueriesData<TicketPages>({ queryKey: ticketListsKey })) {
        const params = (key[2] ?? {}) as TicketListParams;
        const r = applyTicket(data, inc, params, { id, queueIds });
        if (r.data !== data) qc.setQueryData(key, r.data);
        if (r.stale) stale.push(key);
      }
      for (const key of stale) void qc.invalidateQueries({ queryKey: key, exact: true });
      if (inc.uuid) {
        const detail = qc.getQueryData<TicketView>(ticketDetailKey(inc.uuid));
        if (detail) {
          const { ticket, stale: detailStale } = mergeTicket(detail, inc);
          qc.setQueryData(ticketDetailKey(inc.uuid), ticket);
          if (detailStale) void qc.invalidateQueries({ queryKey: ticketDetailKey(inc.uuid) });
        }
      }
    },
    [qc, id, queueIds],
  );
}
