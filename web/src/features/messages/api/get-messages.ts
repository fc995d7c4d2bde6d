import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MessagesPage } from '@conversa/shared/schemas/messages';
import { api } from '../../../lib/api';

export const MESSAGES_PAGE_SIZE = 50;

/** GET /messages/{ticketId}: the newest page first; `cursor` pages towards older messages. */
export const getMessages = (ticketId: number, cursor?: string): Promise<MessagesPage> =>
  api.get<MessagesPage>(`/messages/${ticketId}`, { query: { cursor, limit: MESSAGES_PAGE_SIZE } });

export const messagesKey = (ticketId: number) => ['messages', 'list', ticketId] as const;

// Live events keep the pages current (hooks/use-messages-realtime): no refetch on focus.
export const getMessagesQueryOptions = (ticketId: number) =>
  infiniteQueryOptions({
    queryKey: messagesKey(ticketId),
    queryFn: ({ pageParam }) => getMessages(ticketId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore && last.cursor ? last.cursor : undefined),
    staleTime: Infinity,
  });

export const useMessages = (ticketId: number) => useInfiniteQuery(getMessagesQueryOptions(ticketId));
