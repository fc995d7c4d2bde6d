/**
 * PUT /tickets/presence/{ticketId} and POST /creatGroupAndTicket: what the channels can do today.
 *
 * Presence: checked (the ticket exists, the caller may see it, the connection is the ticket's),
 * then queued for the session host in the chat's FIFO group (so it follows the messages before
 * it); the Graph channels have no typing indicator here and only get the check.
 * Groups: the driver interface cannot create a WhatsApp group; the request is validated for real
 * (connection, queue, contacts) and then refused with ERR_GROUP_CREATE_UNSUPPORTED — never a fake group.
 */
import { chatGroupId, isSessionChannel, type Channel, type OutboundJob } from '@conversa/shared/channels';
import { enqueue } from '../../adapters/queue';
import { QUEUE } from '../../workers/queues';
import { getConnection } from '../../adapters/db/connections';
import { batchGet } from '../../adapters/db/batch';
import { contactKey, getContact } from '../../adapters/db/contacts';
import { missingQueues } from '../../adapters/db/references';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { loadTicketFor } from './ticket-view';

export async function sendPresence(auth: AuthContext, ticketId: number, presence: string, whatsappId: number | undefined): Promise<void> {
  const { ticket } = await loadTicketFor(auth, ticketId);
  if (whatsappId !== undefined && whatsappId !== ticket.whatsappId) throw new AppError('ERR_VALIDATION', [{ path: 'body.whatsappId', message: 'not the ticket connection' }]);
  if (ticket.status === 'closed') throw new AppError('ERR_VALIDATION', [{ path: 'ticket', message: 'the ticket is closed' }]);
  if (!isSessionChannel(ticket.channel as Channel)) return;
  const contact = await getContact(auth.companyId, ticket.contactId);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  const at = Date.now();
  const job: OutboundJob = { companyId: auth.companyId, whatsappId: ticket.whatsappId, ticketId, messageId: `presence-${at}`, chatId: contact.number, isGroup: contact.isGroup, action: 'presence', body: presence, isForwarded: false };
  await enqueue(QUEUE.outboundSession, job, { groupId: chatGroupId(auth.companyId, ticket.whatsappId, contact.number), dedupId: `presence:${ticketId}:${presence}:${Math.floor(at / 1000)}` });
}

export async function createGroupAndTicket(auth: AuthContext, body: { contactsAddGroup: number[]; queueId: number; whatsappId: number }): Promise<never> {
  const cid = auth.companyId;
  const conn = await getConnection(cid, body.whatsappId);
  if (!conn) throw new AppError('ERR_NO_WAPP_FOUND');
  if (!isSessionChannel(conn.channel)) throw new AppError('ERR_VALIDATION', [{ path: 'body.whatsappId', message: 'groups need a WhatsApp session connection' }]);
  if ((await missingQueues(cid, [body.queueId])).length) throw new AppError('ERR_VALIDATION', [{ path: 'body.queueId', message: 'unknown queue' }]);
  const found = await batchGet(body.contactsAddGroup.map((id) => contactKey(cid, id)), { projection: 'PK, SK' });
  if (found.size !== new Set(body.contactsAddGroup).size) throw new AppError('ERR_NO_CONTACT_FOUND');
  throw new AppError('ERR_GROUP_CREATE_UNSUPPORTED');
}
