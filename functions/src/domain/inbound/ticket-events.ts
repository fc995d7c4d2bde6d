/**
 * Realtime events of tickets and messages, sent only to the users who may see the ticket.
 */
import { channel } from '@conversa/shared/realtime';
import type { Contact } from '../../adapters/db/contacts';
import type { Message } from '../../adapters/db/messages';
import type { Ticket } from '../../adapters/db/tickets';
import { getSettings } from '../../adapters/db/settings';
import { publish } from '../../adapters/realtime';
import { maySee } from '../tickets/visibility';

export async function ticketAudience(ticket: Ticket) {
  const s = await getSettings(ticket.companyId);
  return { kind: 'where' as const, test: (c: { userId: number; profile: 'user' | 'supervisor' | 'admin'; super: boolean; queueIds: number[] }) => maySee(c, ticket, s) };
}

export async function publishMessage(action: 'create' | 'update', ticket: Ticket, message: Message, contact?: Contact): Promise<void> {
  const audience = await ticketAudience(ticket);
  const cid = ticket.companyId;
  await publish(cid, channel.appMessage(cid), { action, message, ticket, ...(contact ? { contact } : {}) }, audience);
  if (action === 'create') await publish(cid, channel.ticket(cid), { action: 'update', ticket: { ...ticket, ...(contact ? { contact } : {}) } }, audience);
}
