/**
 * GET /messages/{ticketId}: a page of the ticket's messages, newest page first, each page in
 * chronological order. One Query of the page (beside the ticket's access check), one BatchGet for
 * quotes outside the page; the first page also carries the ticket (TicketView) for the chat header.
 *
 * Past the ticket's first message the pages go on into the contact's earlier tickets, newest first
 * (a returning customer's history, spec 1 §2 'conversation closed/started' separators): the last
 * page of a ticket answers a history cursor naming the contact's previous ticket (#74), and a
 * history cursor is followed only when that ticket is the same contact's and older than this one.
 * Messages carry their ticketId, so the screen draws the separators.
 */
import type { MessagesPage } from '@conversa/shared/schemas/messages';
import { getMessages, queryMessages, type Message } from '../../adapters/db/messages';
import { isContactTicket, previousContactTicket } from '../../adapters/db/tickets';
import { ahead } from '../../lib/ahead';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { loadTicketFor, toTicketView } from '../tickets/ticket-view';
import { toMessageView } from './message-view';

export const MESSAGES_PAGE_SIZE = 30;

/** A cursor into an earlier ticket of the contact: `h` + base64url of {t: ticketId, c?: the cursor within it}. */
type History = { t: number; c?: string };
const encodeHistory = (h: History): string => `h${Buffer.from(JSON.stringify(h)).toString('base64url')}`;
function decodeHistory(cursor: string | undefined): History | undefined {
  if (!cursor?.startsWith('h')) return undefined; // a ticket's own cursors are base64url JSON: 'ey…'
  try {
    const h = JSON.parse(Buffer.from(cursor.slice(1), 'base64url').toString('utf8')) as History;
    if (Number.isSafeInteger(h.t) && h.t > 0 && (h.c === undefined || typeof h.c === 'string')) return h;
  } catch {
    /* refused below */
  }
  throw new AppError('ERR_VALIDATION', [{ path: 'query.cursor', message: 'invalid cursor' }]);
}

export async function listMessages(auth: AuthContext, ticketId: number, opts: { cursor?: string; limit?: number }): Promise<MessagesPage> {
  const history = decodeHistory(opts.cursor);
  const sourceId = history?.t ?? ticketId;
  // The page is read beside the ticket (both under the caller's company), and used only once the
  // ticket is found and the caller may see it: its errors come after the ticket's.
  const pageRead = ahead(queryMessages(auth.companyId, sourceId, { limit: opts.limit ?? MESSAGES_PAGE_SIZE, cursor: history ? history.c : opts.cursor }));
  const { ticket } = await loadTicketFor(auth, ticketId);
  if (history && (history.t >= ticketId || !(await isContactTicket(auth.companyId, ticket.contactId, history.t)))) throw new AppError('ERR_VALIDATION', [{ path: 'query.cursor', message: 'invalid cursor' }]);
  const viewRead = opts.cursor ? undefined : ahead(toTicketView(ticket));
  const page = await pageRead;
  const earlierRead = page.cursor ? undefined : ahead(previousContactTicket(auth.companyId, ticket.contactId, sourceId));
  const inPage = new Map(page.items.map((m) => [m.id, m]));
  const outside = [...new Set(page.items.flatMap((m) => (m.quotedMsgId && !inPage.has(m.quotedMsgId) ? [m.quotedMsgId] : [])))];
  const [fetched, ticketView, earlier] = await Promise.all([getMessages(auth.companyId, sourceId, outside), viewRead, earlierRead]);
  const quotedOf = (m: Message) => (m.quotedMsgId ? (inPage.get(m.quotedMsgId) ?? fetched.get(m.quotedMsgId)) : undefined);
  const contactName = ticketView?.contact.name ?? null;
  const messages = await Promise.all(page.items.reverse().map((m) => toMessageView(m, quotedOf(m), contactName)));
  const cursor = page.cursor ? (history ? encodeHistory({ t: sourceId, c: page.cursor }) : page.cursor) : earlier ? encodeHistory({ t: earlier }) : undefined;
  return { messages, hasMore: Boolean(cursor), ...(cursor ? { cursor } : {}), ...(ticketView ? { ticket: ticketView } : {}) };
}
