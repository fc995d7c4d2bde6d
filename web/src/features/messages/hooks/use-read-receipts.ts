import { useEffect, useRef, useState } from 'react';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { useReadMessages } from '../api/read-messages';

/** New messages count as read once they have been on screen this long (a burst is one read). */
const READ_AFTER_MS = 800;

const pageVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * While the chat is open (never in the spy dialog) and the page visible, the customer's new
 * messages are read: the ticket's live unread count rising asks the server to clear it, which
 * sends the customer one read receipt. A page in the background waits until it is shown again.
 */
export function useReadReceipts(ticket: TicketView, enabled: boolean): void {
  const { mutate } = useReadMessages();
  const [visible, setVisible] = useState(pageVisible);
  /** The last message the chat already marked read. */
  const marked = useRef<string | null>(null);

  useEffect(() => {
    const onChange = () => setVisible(pageVisible());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  const due = enabled && visible && ticket.unreadMessages > 0 && marked.current !== ticket.lastMessageAt;
  useEffect(() => {
    if (!due) return;
    const timer = setTimeout(() => {
      marked.current = ticket.lastMessageAt;
      mutate(ticket.id);
    }, READ_AFTER_MS);
    return () => clearTimeout(timer);
  }, [due, ticket.id, ticket.lastMessageAt, mutate]);
}
