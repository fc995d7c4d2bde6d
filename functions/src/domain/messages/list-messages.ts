/**
 * GET /messages/{ticketId}: a page of the ticket's messages, newest page first, each page in
 * chronological order. One Query of the page (beside the ticket's access check), one BatchGet for
 * quotes outside the page; the first page also carries the ticket (TicketView) for the chat header.
 */
import type { MessagesPage } from '@conversa/shared/schemas/messages';
import { getMessages, queryMessages, type Message } from '../../adapters/db/messages';
import { ahead } from '../../lib/ahead';
import type { AuthContext } from '../auth/authenticate';
import { loadTicketFor, toTicketView } from '../tickets/ticket-view';
import { toMessageView } from './message-view';

export const MESSAGES_PAGE_SIZE = 30;

export async function listMessages(auth: AuthContext, ticketId: number, opts: { cursor?: string; limit?: number }): Promise<MessagesPage> {
  // The page is read beside the ticket (both under the caller's company), and used only once the
  // ticket is found and the caller may see it: its errors come after the ticket's.
  const pageRead = ahead(queryMessages(auth.companyId, ticketId, { limit: opts.limit ?? MESSAGES_PAGE_SIZE, cursor: opts.cursor }));
  const { ticket } = await loadTicketFor(auth, ticketId);
  const viewRead = opts.cursor ? undefined : ahead(toTicketView(ticket));
  const page = await pageRead;
  const inPage = new Map(page.items.map((m) => [m.id, m]));
  const outside = [...new Set(page.items.flatMap((m) => (m.quotedMsgId && !inPage.has(m.quotedMsgId) ? [m.quotedMsgId] : [])))];
  const [fetched, ticketView] = await Promise.all([getMessages(auth.companyId, ticketId, outside), viewRead]);
  const quotedOf = (m: Message) => (m.quotedMsgId ? (inPage.get(m.quotedMsgId) ?? fetched.get(m.quotedMsgId)) : undefined);
  const contactName = ticketView?.contact.name ?? null;
  const messages = await Promise.all(page.items.reverse().map((m) => toMessageView(m, quotedOf(m), contactName)));
  return { messages, hasMore: Boolean(page.cursor), ...(page.cursor ? { cursor: page.cursor } : {}), ...(ticketView ? { ticket: ticketView } : {}) };
}
