import type { TicketView } from '@conversa/shared/schemas/tickets';
import { makeTicket } from '../../../test/make-ticket';
import type { TicketPages } from './tickets-cache';

export { makeTicket };

export function pages(...groups: { tickets: TicketView[]; hasMore?: boolean; count?: number }[]): TicketPages {
  return { pages: groups.map((g) => ({ tickets: g.tickets, hasMore: g.hasMore ?? false, count: g.count })), pageParams: groups.map((_, i) => ({ page: i + 1 })) };
}
