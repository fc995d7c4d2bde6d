import type { TicketsPage, TicketView } from '@conversa/shared/schemas/tickets';
import { api } from '../../../lib/api';

/**
 * The contact's open or pending ticket, after POST /tickets answered ERR_OTHER_OPEN_TICKET: the
 * search list (GET /tickets?searchParam=<number>) filtered to that contact.
 */
export async function findOpenTicket(contact: { id: number; number: string; name: string }): Promise<TicketView | undefined> {
  const page = await api.get<TicketsPage>('/tickets', { query: { searchParam: (contact.number || contact.name).toLowerCase() } });
  return page.tickets.find((t) => t.contactId === contact.id && t.status !== 'closed');
}
