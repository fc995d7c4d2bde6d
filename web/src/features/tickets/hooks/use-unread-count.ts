import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ticketListsKey } from '../../../lib/get-tickets';
import { unreadConversations, type TicketPages } from '../lib/tickets-cache';

/** Conversations with unread customer messages among the loaded lists (the document title). */
export function useUnreadCount(): number {
  const qc = useQueryClient();
  const subscribe = useCallback((cb: () => void) => qc.getQueryCache().subscribe(cb), [qc]);
  const read = useCallback(() => unreadConversations(qc.getQueriesData<TicketPages>({ queryKey: ticketListsKey }).map(([, d]) => d)), [qc]);
  return useSyncExternalStore(subscribe, read, read);
}
