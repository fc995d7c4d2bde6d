/**
 * Tags on a ticket (spec 1 §7 "ticket-tags", "tags/sync"): the ticket keeps the ids of its tags;
 * an unknown tag is ERR_NO_TAG_FOUND. The change is a transition without a move in the list.
 */
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { getTags, listTags, type Tag } from '../../adapters/db/tags';
import { transitionTicket } from '../../adapters/db/tickets';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { ticketChanged } from './ticket-events';
import { loadTicketFor, toTicketView } from './ticket-view';

/** GET /tags/list: the company's tags (the lanes only with `kanban`) as the ticket's tag picker shows them. */
export async function tagOptions(companyId: number, kanban?: number): Promise<Pick<Tag, 'id' | 'name' | 'color' | 'kanban'>[]> {
  return (await listTags(companyId, kanban)).map(({ id, name, color, kanban }) => ({ id, name, color, kanban }));
}

export async function setTicketTags(auth: AuthContext, ticketId: number, change: (current: number[]) => number[]): Promise<TicketView> {
  const { ticket } = await loadTicketFor(auth, ticketId);
  const ids = [...new Set(change(ticket.tagIds ?? []))];
  const known = await getTags(auth.companyId, ids);
  if (known.length !== ids.length) throw new AppError('ERR_NO_TAG_FOUND');
  const after = { ...ticket, tagIds: ids.length ? ids : undefined };
  const outcome = await transitionTicket(ticket, after, { relist: false });
  if (outcome !== 'ok') throw new AppError('ERR_CONFLICT');
  const view = await toTicketView(after);
  await ticketChanged('ticket.updated', ticket, after, 'user', { ticket: after, view });
  return view;
}
