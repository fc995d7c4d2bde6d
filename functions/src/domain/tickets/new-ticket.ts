import type { Connection } from '../../adapters/db/connections';
import type { Contact } from '../../adapters/db/contacts';
import { nextId } from '../../adapters/db/counters';
import { contactCardOf, newTicketUuid, type Ticket } from '../../adapters/db/tickets';

/**
 * A new ticket of a contact on a connection, not stored yet: pending in the queue (inbound,
 * BEHAVIOUR.md step 6) or open with its agent (POST /tickets). Timestamps start at `at`.
 */
export async function newTicket(conn: Connection, contact: Contact, o: { at: string; queueId: number | null; userId: number | null }): Promise<Ticket> {
  const open = o.userId !== null;
  return {
    id: await nextId(conn.companyId, 'ticket'),
    uuid: newTicketUuid(),
    companyId: conn.companyId,
    contactId: contact.id,
    whatsappId: conn.id,
    channel: conn.channel,
    status: open ? 'open' : 'pending',
    queueId: o.queueId,
    userId: o.userId,
    isGroup: contact.isGroup,
    // A ticket waiting in the queue starts with the bot on (domain/bot); groups never get it.
    isBot: !open && !contact.isGroup,
    lastMessage: '',
    lastMessageAt: o.at,
    unreadMessages: 0,
    queuedAt: o.at,
    ...(open ? { acceptedAt: o.at } : {}),
    contactCard: contactCardOf(contact),
    createdAt: o.at,
    updatedAt: o.at,
  };
}
