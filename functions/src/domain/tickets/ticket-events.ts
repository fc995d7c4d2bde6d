/** A ticket's domain events (domain/events/dispatch.ts), emitted by the use-cases after their write. */
import type { EventOf, Origin, TicketPlace } from '@conversa/shared/events';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import type { Ticket } from '../../adapters/db/tickets';
import { emit } from '../events/dispatch';

type Place = Pick<Ticket, 'status' | 'queueId' | 'userId' | 'isGroup'>;
type Held = { ticket: Ticket; view: TicketView } | (() => Promise<{ ticket: Ticket; view: TicketView }>);

/** Where a ticket stands for the lists (its tab, and who may see it), as its events carry it. */
export const placeOf = (t: Place): TicketPlace => ({ status: t.status, queueId: t.queueId, userId: t.userId, isGroup: t.isGroup });

export const ticketCreated = (t: Ticket, origin: Origin, held: Held): Promise<void> =>
  emit({ type: 'ticket.created', companyId: t.companyId, ticketId: t.id, contactId: t.contactId, whatsappId: t.whatsappId, after: placeOf(t), origin }, held);

/** A change of the ticket from `before` (absent: its place did not move) to `after`. */
export function ticketChanged(type: 'ticket.updated' | 'ticket.transferred' | 'ticket.closed', before: Place | undefined, after: Ticket, origin: Origin, held: Held): Promise<void> {
  const event = { type, companyId: after.companyId, ticketId: after.id, ...(before ? { before: placeOf(before) } : {}), after: placeOf(after), origin } as EventOf<typeof type>;
  return emit(event, held);
}
