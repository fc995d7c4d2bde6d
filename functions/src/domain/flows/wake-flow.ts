/**
 * A flow's interval is over (workers/flow-wakes.ts): the ticket's flow goes on from the interval
 * when it still waits for this wake (same token), on a ticket a flow may still act on.
 */
import { getConnection } from '../../adapters/db/connections';
import { getContact } from '../../adapters/db/contacts';
import { getTicket, type StoredTicket } from '../../adapters/db/tickets';
import { endFlow } from './flow-consumer';
import { stepFlow, type WakeJob } from './run-flow';

export async function wakeFlow(job: WakeJob): Promise<'woke' | 'stale'> {
  const ticket = (await getTicket(job.companyId, job.ticketId)) as StoredTicket | undefined;
  const state = ticket?.flowState;
  if (!ticket || !state || state.waiting !== 'interval' || state.wakeToken !== job.token) return 'stale';
  if (ticket.status !== 'pending' || ticket.userId !== null) {
    await endFlow(ticket);
    return 'stale';
  }
  const [connection, contact] = await Promise.all([getConnection(job.companyId, ticket.whatsappId), getContact(job.companyId, ticket.contactId)]);
  if (!connection || !contact) return 'stale';
  const out = await stepFlow({ ticket, connection, contact, event: { kind: 'wake', token: job.token }, key: `wake:${ticket.id}:${job.token}`, at: new Date(job.at) });
  return out.ran ? 'woke' : 'stale';
}
