/**
 * POST /tickets (spec 1 §4, §5 "New ticket"): a new ticket for a known contact, open with the
 * caller as agent (or pending in a queue). A queue is required for non-admins ('Selecione uma
 * fila'); a contact with an open or pending ticket on the connection gets ERR_OTHER_OPEN_TICKET
 * (the lock item decides, in the ticket's transaction); a closed one does not stand in the way.
 */
import type { CreateTicketBody, TicketView } from '@conversa/shared/schemas/tickets';
import { getContact } from '../../adapters/db/contacts';
import { missingQueues } from '../../adapters/db/references';
import { getLock, getTicket, insertTicket } from '../../adapters/db/tickets';
import { getUser } from '../../adapters/db/users';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { connectionOrDefault } from '../connections/default-connection';
import { ticketCreated } from './ticket-events';
import { newTicket } from './new-ticket';
import { toTicketView } from './ticket-view';

export async function createTicket(auth: AuthContext, body: CreateTicketBody): Promise<TicketView> {
  const cid = auth.companyId;
  const admin = auth.user.super || auth.user.profile === 'admin';
  const queueId = body.queueId ?? null;
  if (queueId === null && !admin) throw new AppError('ERR_VALIDATION', [{ path: 'body.queueId', message: 'Selecione uma fila' }]);
  if (queueId !== null && (await missingQueues(cid, [queueId])).length) throw new AppError('ERR_VALIDATION', [{ path: 'body.queueId', message: 'unknown queue' }]);
  const contact = await getContact(cid, body.contactId);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  const conn = await connectionOrDefault(cid, body.whatsappId ?? auth.user.whatsappId ?? undefined);
  const open = body.status === 'open';
  const userId = open ? (body.userId ?? auth.userId) : null;
  if (userId !== null && userId !== auth.userId && !(await getUser(cid, userId))) throw new AppError('ERR_NO_USER_FOUND');

  const lock = await getLock(cid, contact.id, conn.id);
  if (lock?.state === 'active') throw await otherOpenTicket(cid, lock.ticketId);
  const ticket = await newTicket(conn, contact, { at: new Date().toISOString(), queueId, userId });
  if (!(await insertTicket(ticket, { lead: !lock }))) {
    const taken = await getLock(cid, contact.id, conn.id);
    throw await otherOpenTicket(cid, taken?.state === 'active' ? taken.ticketId : undefined);
  }
  const view = await toTicketView(ticket);
  await ticketCreated(ticket, 'user', { ticket, view });
  return view;
}

/**
 * ERR_OTHER_OPEN_TICKET naming the ticket in the way (id and uuid), so the screens offer to open
 * it. The uuid opens nothing by itself: GET /tickets/u/{uuid} still checks who may see it.
 */
async function otherOpenTicket(cid: number, ticketId: number | undefined): Promise<AppError> {
  const t = ticketId === undefined ? undefined : await getTicket(cid, ticketId);
  return new AppError('ERR_OTHER_OPEN_TICKET', undefined, undefined, t ? { ticketId: t.id, uuid: t.uuid } : undefined);
}
