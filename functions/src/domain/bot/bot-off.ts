/**
 * A human answered (BEHAVIOUR.md step 8): an agent's message turns the ticket's bot off, so the
 * bot never talks over the agent. Accept and transfer do it in their own transition
 * (update-ticket.ts).
 */
import { getTicket, transitionTicket, type StoredTicket } from '../../adapters/db/tickets';
import { ticketChanged } from '../tickets/ticket-events';
import { toTicketView } from '../tickets/ticket-view';

/** Writes `isBot` false (conditional on the revision read: a concurrent transition wins) and tells the lists. */
export async function turnBotOff(before: StoredTicket): Promise<void> {
  if (!before.isBot) return;
  if ((await transitionTicket(before, { ...before, isBot: false }, { relist: false })) !== 'ok') return;
  const after = (await getTicket(before.companyId, before.id)) ?? { ...before, isBot: false };
  await ticketChanged('ticket.updated', before, after, 'user', async () => ({ ticket: after, view: await toTicketView(after) }));
}
