import { useQueryClient } from '@tanstack/react-query';
import { channel } from '@conversa/shared/realtime';
import { ticketListsKey, ticketsKey, type TicketListParams } from '../../../lib/get-tickets';
import { useChannel, useOnReconnect, useRoom } from '../../../lib/realtime';
import { clearUnread, removeTicket, type TicketPages } from '../lib/tickets-cache';
import { useApplyTicket } from './use-apply-ticket';

/**
 * Keeps the ticket lists live (spec 1 §4 "Realtime updates"): `company-{id}-ticket`
 * update/delete/updateUnread/removeFromList and `company-{id}-appMessage` create, which bumps the
 * ticket. Joins the status rooms while the page is open; re-reads the lists after a reconnect.
 */
export function useTicketsRealtime(companyId: number, opts: { viewedId?: number; groups: boolean; onViewedDeleted(): void }): void {
  const qc = useQueryClient();
  const apply = useApplyTicket();
  const remove = (id: number) => {
    for (const [key, data] of qc.getQueriesData<TicketPages>({ queryKey: ticketListsKey })) {
      const next = removeTicket(data, id, (key[2] ?? {}) as TicketListParams);
      if (next !== data) qc.setQueryData(key, next);
    }
  };

  useChannel(channel.ticket(companyId), ({ data }) => {
    if (data.action === 'update') return apply(data.ticket);
    const id = data.ticketId;
    if (data.action === 'delete') {
      remove(id);
      if (id === opts.viewedId) opts.onViewedDeleted();
    } else if (data.action === 'removeFromList') remove(id);
    else qc.setQueriesData<TicketPages>({ queryKey: ticketListsKey }, (d) => clearUnread(d, id));
  });

  useChannel(channel.appMessage(companyId), ({ data }) => {
    if (data.action === 'create') apply(data.ticket);
  });

  useRoom({ action: 'joinTickets', status: 'open' }, { action: 'leaveTickets', status: 'open' });
  useRoom({ action: 'joinTickets', status: 'pending' }, { action: 'leaveTickets', status: 'pending' });
  useRoom({ action: 'joinTickets', status: 'closed' }, { action: 'leaveTickets', status: 'closed' });
  useRoom(opts.groups ? { action: 'joinTickets', status: 'group' } : undefined, { action: 'leaveTickets', status: 'group' });
  useRoom(opts.viewedId ? { action: 'joinChatBox', ticketId: opts.viewedId } : undefined, opts.viewedId ? { action: 'leaveChatBox', ticketId: opts.viewedId } : undefined);

  // Events sent while the socket was down were missed: read the lists again once it is back.
  useOnReconnect(() => void qc.invalidateQueries({ queryKey: ticketsKey }));
}
