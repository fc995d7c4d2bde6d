/**
 * Realtime events of tickets and messages, sent only to the users who may see the ticket. They
 * carry the wire shapes the SPA reads from the API: `{ action, message: MessageView, ticket: TicketView }`
 * (realtime-payloads.ts), and on the inbound path the customer's `contact: ContactView`.
 */
import { channel } from '@conversa/shared/realtime';
import type { RealtimeEvent } from '@conversa/shared/realtime-payloads';
import type { Contact } from '../../adapters/db/contacts';
import { getMessage, type Message } from '../../adapters/db/messages';
import type { Ticket } from '../../adapters/db/tickets';
import { recentSettings } from '../../adapters/db/settings';
import { publishAll } from '../../adapters/realtime';
import { contactView } from '../contacts/contact-view';
import { toMessageView } from '../messages/message-view';
import { toTicketView } from '../tickets/ticket-view';
import { maySee, type TicketViewer } from '@conversa/shared/ticket-visibility';

export async function ticketAudience(ticket: Ticket) {
  // The visibility settings change rarely: read at most every few seconds per container.
  const s = await recentSettings(ticket.companyId);
  return { kind: 'where' as const, test: (c: TicketViewer) => maySee(c, ticket, s) };
}

/** A message created or changed; a new message also updates the ticket in the lists. `quoted`: the message it quotes, when the caller holds it. */
export async function publishMessage(action: 'create' | 'update', ticket: Ticket, message: Message, contact?: Contact, quoted?: Message): Promise<void> {
  const cid = ticket.companyId;
  const quotedMsg = quoted ?? (message.quotedMsgId ? await getMessage(cid, ticket.id, message.quotedMsgId) : undefined);
  const [audience, ticketView, messageView] = await Promise.all([ticketAudience(ticket), toTicketView(ticket, contact?.id === ticket.contactId ? contact : undefined), toMessageView(message, quotedMsg, contact?.name ?? null)]);
  const events: RealtimeEvent[] = [{ channel: channel.appMessage(cid), data: { action, message: messageView, ticket: ticketView, ...(contact ? { contact: contactView(contact) } : {}) } }];
  if (action === 'create') events.push({ channel: channel.ticket(cid), data: { action: 'update', ticket: ticketView } });
  await publishAll(cid, events, audience);
}
