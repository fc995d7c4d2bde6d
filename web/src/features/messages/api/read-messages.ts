import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * POST /messages/{ticketId}/read: the chat showed the customer's new messages to the agent. The
 * server clears the unread count (the lists hear `updateUnread`) and sends the customer a read
 * receipt, once per batch.
 */
export const readMessages = (ticketId: number): Promise<{ unreadMessages: number }> => api.post<{ unreadMessages: number }>(`/messages/${ticketId}/read`);

// Best effort: a failed read mark shows no toast (the next one, or opening the ticket, catches up).
export const useReadMessages = () => useMutation({ mutationFn: readMessages, meta: { silent: true } });
