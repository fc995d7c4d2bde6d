/**
 * PUT /tickets/presence/{ticketId} and POST /creatGroupAndTicket.
 *
 * Presence: checked (the ticket exists, the caller may see it, the connection is the ticket's),
 * then queued for the session host in the chat's FIFO group (so it follows the messages before
 * it); the Graph channels have no typing indicator here and only get the check.
 *
 * Groups (DESIGN.md "Channels": session commands): a Lambda cannot wait on a Fargate task, so the
 * request is validated, stored (pending) and sent to the session host as a `createGroup` command;
 * the answer is 202 with the request id. The host claims the request before it asks the channel
 * (a redelivered command never makes a second group) and records the group; its result travels
 * the inbound queue in the new group's FIFO group, where `finishGroup` creates the group contact
 * and the ticket (open for the agent, in the queue) before any member's message of that group is
 * handled. The screen follows GET /creatGroupAndTicket/{requestId} to the ticket. A command no
 * session took by its deadline is reported as ERR_WAPP_NOT_INITIALIZED and never run later.
 */
import { randomUUID } from 'node:crypto';
import { chatGroupId, isSessionChannel, SESSION_UNAVAILABLE, type Channel, type CommandResult, type OutboundJob } from '@conversa/shared/channels';
import type { GroupRequestView } from '@conversa/shared/schemas/tickets';
import { enqueue } from '../../adapters/queue';
import { QUEUE } from '../../adapters/queue-config';
import { getConnection } from '../../adapters/db/connections';
import { getContact, getContacts } from '../../adapters/db/contacts';
import { getGroupRequest, markGroupFailed, putGroupRequest, setGroupTicket, type GroupRequest } from '../../adapters/db/group-requests';
import { missingQueues } from '../../adapters/db/references';
import { getLock, getTicket, insertTicket } from '../../adapters/db/tickets';
import { getUser } from '../../adapters/db/users';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import type { AuthContext } from '../auth/authenticate';
import { sendCommand } from '../connections/session-commands';
import { resolveContact } from '../contacts/resolve-contact';
import { newTicket } from './new-ticket';
import { ticketChanged, ticketCreated } from './ticket-events';
import { loadTicketFor, toTicketView } from './ticket-view';

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

type GroupBody = { contactsAddGroup: number[]; titleGroup: string; queueId: number; whatsappId: number; userId?: number | null; status: 'open' | 'pending' };

/** How long a session has to take the command; after that the request is reported unanswered. */
export const GROUP_COMMAND_MS = 60_000;
/** Room for clock differences between the API and the hosts before a pending request is called unanswered. */
const DEADLINE_GRACE_MS = 5_000;
/** How long a made group may wait for the inbound worker before a GET makes its ticket itself. */
const RESULT_GRACE_MS = 30_000;

export async function createGroupAndTicket(auth: AuthContext, body: GroupBody): Promise<GroupRequestView> {
  const cid = auth.companyId;
  const conn = await getConnection(cid, body.whatsappId);
  if (!conn) throw new AppError('ERR_NO_WAPP_FOUND');
  if (!isSessionChannel(conn.channel)) throw new AppError('ERR_GROUP_CREATE_UNSUPPORTED');
  // A group on a connection that drops group messages would be a ticket nobody can write to.
  if (!conn.allowGroups) throw new AppError('ERR_VALIDATION', [{ path: 'body.whatsappId', message: 'the connection does not accept groups' }]);
  if ((await missingQueues(cid, [body.queueId])).length) throw new AppError('ERR_VALIDATION', [{ path: 'body.queueId', message: 'unknown queue' }]);
  const ids = [...new Set(body.contactsAddGroup)];
  const contacts = await getContacts(cid, ids);
  if (contacts.size !== ids.length) throw new AppError('ERR_NO_CONTACT_FOUND');
  const participants = [...contacts.values()].map((c) => c.number);
  if ([...contacts.values()].some((c) => c.isGroup || !/^\d{8,20}$/.test(c.number))) {
    throw new AppError('ERR_VALIDATION', [{ path: 'body.contactsAddGroup', message: 'only phone contacts can join a group' }]);
  }
  const userId = body.status === 'open' ? (body.userId ?? auth.userId) : null;
  if (userId !== null && userId !== auth.userId && !(await getUser(cid, userId))) throw new AppError('ERR_NO_USER_FOUND');
  if (conn.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');

  const now = Date.now();
  const request: GroupRequest = {
    requestId: randomUUID(),
    companyId: cid,
    whatsappId: conn.id,
    requestedBy: auth.userId,
    subject: body.titleGroup,
    participants: [...new Set(participants)],
    queueId: body.queueId,
    userId,
    status: 'pending',
    deadline: now + GROUP_COMMAND_MS,
    createdAt: new Date(now).toISOString(),
    updatedAt: new Date(now).toISOString(),
  };
  await putGroupRequest(request);
  await sendCommand({ kind: 'command', command: 'createGroup', companyId: cid, whatsappId: conn.id, requestId: request.requestId, deadline: request.deadline, subject: request.subject, participants: request.participants });
  return groupRequestView(request);
}

function groupRequestView(r: GroupRequest): GroupRequestView {
  if (r.ticketId !== undefined && r.uuid) return { requestId: r.requestId, status: 'done', ticketId: r.ticketId, uuid: r.uuid };
  if (r.status === 'failed') {
    const unavailable = !!r.error?.startsWith(SESSION_UNAVAILABLE);
    return { requestId: r.requestId, status: 'failed', error: unavailable ? 'ERR_WAPP_NOT_INITIALIZED' : 'ERR_GROUP_CREATE_FAILED', ...(r.error ? { reason: r.error } : {}) };
  }
  return { requestId: r.requestId, status: 'pending' };
}

const UNANSWERED = `${SESSION_UNAVAILABLE}: no session took the request in time`;

/** GET /creatGroupAndTicket/{requestId}: the requester (or an admin) follows the request to its ticket. */
export async function groupRequest(auth: AuthContext, requestId: string): Promise<GroupRequestView> {
  const cid = auth.companyId;
  const r = await getGroupRequest(cid, requestId);
  const admin = auth.user.super || auth.user.profile === 'admin';
  if (!r || (r.requestedBy !== auth.userId && !admin)) throw new AppError('ERR_NO_GROUP_REQUEST_FOUND');
  if (r.status === 'created' && r.groupId && r.ticketId === undefined && Date.now() - Date.parse(r.updatedAt) > RESULT_GRACE_MS) {
    // The group exists but its result was never applied (the inbound record dead-lettered): the ticket is made here.
    await completeGroup(r, r.groupId, r.updatedAt);
    return groupRequestView((await getGroupRequest(cid, requestId)) ?? r);
  }
  if (r.status === 'pending' && Date.now() > r.deadline + DEADLINE_GRACE_MS) {
    // Hosts only claim before the deadline: past it, pending is final. Recorded once, for everyone.
    if (await markGroupFailed(cid, requestId, UNANSWERED, 'pending')) return groupRequestView({ ...r, status: 'failed', error: UNANSWERED });
    return groupRequestView((await getGroupRequest(cid, requestId)) ?? r);
  }
  return groupRequestView(r);
}

/**
 * The host's answer to `createGroup` (inbound worker): the group's contact and its ticket.
 * Nothing when the host failed (it recorded why on the request; the screen shows it).
 */
export async function finishGroup(r: CommandResult): Promise<void> {
  const req = await getGroupRequest(r.companyId, r.requestId);
  if (!req) return void log.warn('group result for an unknown request', { companyId: r.companyId, requestId: r.requestId });
  if (r.error || !r.group) return;
  await completeGroup(req, r.group.id, new Date(r.timestamp).toISOString());
}

/**
 * The group's contact (its identity item makes it one contact however often this runs) and its
 * ticket, open for the agent in the queue. Idempotent: the request remembers its ticket; a
 * ticket the group already has (the lock) is it.
 */
async function completeGroup(req: GroupRequest, groupId: string, at: string): Promise<void> {
  const cid = req.companyId;
  if (req.ticketId !== undefined) return;
  const conn = await getConnection(cid, req.whatsappId);
  if (!conn) return void log.warn('group made for a deleted connection', { companyId: cid, requestId: req.requestId });
  const contact = await resolveContact(cid, conn.channel, {
    kind: 'message', companyId: cid, whatsappId: conn.id, externalId: `group-${req.requestId}`, chatId: groupId, isGroup: true, fromMe: true,
    contactName: req.subject, altIds: [], body: '', timestamp: Date.parse(at),
  });
  let ticket = undefined as Awaited<ReturnType<typeof getTicket>>;
  let created = false;
  const lock = await getLock(cid, contact.id, conn.id);
  if (lock?.state === 'active') ticket = await getTicket(cid, lock.ticketId);
  else {
    const made = await newTicket(conn, contact, { at, queueId: req.queueId, userId: req.userId });
    if (await insertTicket(made, { lead: !lock })) [ticket, created] = [made, true];
    else {
      const taken = await getLock(cid, contact.id, conn.id);
      ticket = taken?.state === 'active' ? await getTicket(cid, taken.ticketId) : undefined;
    }
  }
  if (!ticket) throw new Error(`group ${groupId}: no ticket could be created or found`);
  if (!(await setGroupTicket(cid, req.requestId, ticket.id, ticket.uuid))) return;
  const t = ticket;
  const held = async () => ({ ticket: t, view: await toTicketView(t) });
  // The group's ticket is the request's: made now, or the one the group had.
  await (created ? ticketCreated(t, 'user', held) : ticketChanged('ticket.updated', undefined, t, 'user', held));
}
