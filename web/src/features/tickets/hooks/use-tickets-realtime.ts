import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { channel } from '@conversa/shared/realtime';
import { useChannel, useRealtimeState, useRoom } from '../../../lib/realtime';
import { ticketListsKey, ticketsKey, type TicketListParams } from '../../../lib/get-tickets';
import { clearUnread, removeTicket, type IncomingTicket, type TicketPages } from '../lib/tickets-cache';
import { useApplyTicket } from './use-apply-ticket';

type TicketEvent = { action: string; ticket?: IncomingTicket; ticketId?: number; ticketUuid?: string };
type MessageEvent = { action: string; ticket?: IncomingTicket; message?: { fromMe?: boolean } };

/** The id an event names: `ticketId`, else the ticket's id. */
export const eventTicketId = (d: TicketEvent): number | undefined => d.ticketId ?? d.ticket?.id;

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

  useChannel<TicketEvent>(channel.ticket(companyId), ({ data }) => {
    const id = eventTicketId(data);
    if (data.action === 'update' && data.ticket) apply(data.ticket);
    else if (id === undefined) return;
    else if (data.action === 'delete') {
      remove(id);
      if (id === opts.viewedId) opts.onViewedDeleted();
    } else if (data.action === 'removeFromList') remove(id);
    else if (data.action === 'updateUnread') qc.setQueriesData<TicketPages>({ queryKey: ticketListsKey }, (d) => clearUnread(d, id));
  });

  useChannel<MessageEvent>(channel.appMessage(companyId), ({ data }) => {
    if (data.action === 'create' && data.ticket) apply(data.ticket);
  });

  useRoom({ action: 'joinTickets', status: 'open' }, { action: 'leaveTickets', status: 'open' });
  useRoom({ action: 'joinTickets', status: 'pending' }, { action: 'leaveTickets', status: 'pending' });
  useRoom({ action: 'joinTickets', status: 'closed' }, { action: 'leaveTickets', status: 'closed' });
  useRoom(opts.groups ? { action: 'joinTickets', status: 'group' } : undefined, { action: 'leaveTickets', status: 'group' });
  useRoom(opts.viewedId ? { action: 'joinChatBox', ticketId: opts.viewedId } : undefined, opts.viewedId ? { action: 'leaveChatBox', ticketId: opts.viewedId } : undefined);

  // Events sent while the socket was down were missed: read the lists again once it is back.
  const state = useRealtimeState();
  const wasOpen = useRef(false);
  useEffect(() => {
    if (state !== 'open') return;
    if (wasOpen.current) void qc.invalidateQueries({ queryKey: ticketsKey });
    wasOpen.current = true;
  }, [state, qc]);
}
