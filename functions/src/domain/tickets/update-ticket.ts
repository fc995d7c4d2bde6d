/**
 * PUT /tickets/{id}: one agent action (spec 1 §4, BEHAVIOUR.md "Agent actions") — accept, return
 * to queue, transfer, close (with or without farewell), reopen — as one conditional transaction
 * (adapters/db/tickets.ts transitionTicket): of two agents accepting at once exactly one wins.
 *
 * A human acting on the ticket turns its bot off (accept, transfer, reopen; `isBot` in the body
 * wins). The customer hears of it per the settings: `sendGreetingAccepted` on accept,
 * `sendMsgTransfTicket` on a transfer to another queue or agent (domain/bot/texts.ts), the
 * farewell on a resolve — of a pending ticket only with `sendFarewellWaitingTicket`. With
 * `userRating` a resolve must ask for the rating (POST /ratings/messages/{ticketId}): only a
 * plain close (`justClose`) passes here.
 */
import { renderVariables } from '@conversa/shared/message-variables';
import { can } from '@conversa/shared/roles';
import { SendMessageBody } from '@conversa/shared/schemas/messages';
import type { TicketView, UpdateTicketBody } from '@conversa/shared/schemas/tickets';
import { getConnection } from '../../adapters/db/connections';
import { StatsDelta } from '../../adapters/db/day-stats';
import { missingQueues } from '../../adapters/db/references';
import { getTicket, transitionTicket, type LockChange, type StoredTicket, type Ticket } from '../../adapters/db/tickets';
import { getUser } from '../../adapters/db/users';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { sendMessage } from '../messages/send-message';
import { ticketChanged } from './ticket-events';
import { closedStats, takenStats } from './ticket-stats';
import { loadTicketFor, toTicketView, viewerOf } from './ticket-view';
import { maySee } from '@conversa/shared/ticket-visibility';
import { getSettings } from '../../adapters/db/settings';
import type { SettingKey } from '@conversa/shared/settings';
import { BOT_TEXTS } from '../bot/texts';
import { sendSystemMessage } from '../messages/deliver';

type Settings = Record<SettingKey, string>;
/** The transition, and the event it is. */
type Plan = { event: 'ticket.updated' | 'ticket.transferred' | 'ticket.closed'; after: Ticket; lock?: LockChange; stats: StatsDelta; farewell?: boolean };

const isAdmin = (auth: AuthContext) => auth.user.super || auth.user.profile === 'admin';

function close(before: Ticket, body: UpdateTicketBody, now: string, settings: Settings): Plan {
  if (settings.userRating === 'enabled' && body.justClose !== true) throw new AppError('ERR_RATING_REQUIRED');
  return {
    event: 'ticket.closed',
    after: { ...before, status: 'closed', closedAt: now, updatedAt: now, sortedAt: now, unreadMessages: 0 },
    lock: { kind: 'release', closedAt: now },
    stats: closedStats(before, now),
    farewell: body.sendFarewellMessage === true && body.justClose !== true && (before.status !== 'pending' || settings.sendFarewellWaitingTicket === 'enabled'),
  };
}

function reopen(auth: AuthContext, before: Ticket, body: UpdateTicketBody, now: string): Plan {
  if (!can(auth.user, 'tickets:reopen')) throw new AppError('ERR_NO_PERMISSION');
  const userId = body.userId ?? auth.userId;
  const after: Ticket = { ...before, status: 'open', userId, queueId: body.queueId !== undefined ? body.queueId : before.queueId, isBot: false, acceptedAt: now, queuedAt: now, closedAt: undefined, updatedAt: now, sortedAt: now };
  return { event: 'ticket.updated', after, lock: { kind: 'take' }, stats: takenStats(before, userId, now, { waited: false }) };
}

function accept(auth: AuthContext, before: Ticket, body: UpdateTicketBody, now: string): Plan {
  const queueId = body.queueId !== undefined ? body.queueId : before.queueId;
  if (queueId === null && !isAdmin(auth)) throw new AppError('ERR_NO_PERMISSION');
  const after: Ticket = { ...before, status: 'open', userId: auth.userId, queueId, isBot: false, acceptedAt: now, updatedAt: now, sortedAt: now };
  return { event: 'ticket.updated', after, stats: takenStats(before, auth.userId, now, { waited: true }) };
}

function giveBack(before: Ticket, body: UpdateTicketBody, now: string): Plan {
  const queueId = body.queueId !== undefined ? body.queueId : before.queueId;
  return { event: 'ticket.updated', after: { ...before, status: 'pending', userId: null, queueId, queuedAt: now, acceptedAt: undefined, updatedAt: now, sortedAt: now }, stats: new StatsDelta(before.companyId) };
}

/** Transfer: another agent, queue and/or connection. A queue without an agent makes it pending. */
async function transfer(auth: AuthContext, before: Ticket, body: UpdateTicketBody, now: string): Promise<Plan> {
  const cid = before.companyId;
  let after: Ticket = { ...before, updatedAt: now, sortedAt: now };
  let lock: LockChange | undefined;
  const stats = new StatsDelta(cid);
  if (body.whatsappId !== undefined && body.whatsappId !== before.whatsappId) {
    if (!can(auth.user, 'tickets:transfer-connection')) throw new AppError('ERR_NO_PERMISSION');
    const conn = await getConnection(cid, body.whatsappId);
    if (!conn) throw new AppError('ERR_NO_WAPP_FOUND');
    after = { ...after, whatsappId: conn.id, channel: conn.channel };
    lock = { kind: 'move', fromWhatsappId: before.whatsappId };
  }
  if (body.queueId !== undefined && body.queueId !== null && (await missingQueues(cid, [body.queueId])).length) throw new AppError('ERR_VALIDATION', [{ path: 'body.queueId', message: 'unknown queue' }]);
  if (body.queueId !== undefined) after.queueId = body.queueId;
  if (body.userId !== undefined && body.userId !== null && body.userId !== before.userId) {
    if (!(await getUser(cid, body.userId))) throw new AppError('ERR_NO_USER_FOUND');
    after.userId = body.userId;
    if (body.status) after.status = body.status === 'closed' ? before.status : body.status;
    if (after.status === 'open' && before.status === 'pending') after.acceptedAt = now;
    stats.merge(takenStats(before, body.userId, now, { waited: after.status === 'open' && before.status === 'pending' }));
  } else if (body.userId === null || (body.queueId !== undefined && body.queueId !== before.queueId && body.userId === undefined)) {
    after = { ...after, status: 'pending', userId: null, queuedAt: now, acceptedAt: undefined };
  }
  // A transfer is a human's decision: the bot stays off unless the body turns it on.
  if (body.isBot !== undefined) after.isBot = body.isBot;
  else if (after.queueId !== before.queueId || after.userId !== before.userId || after.whatsappId !== before.whatsappId) after.isBot = false;
  return { event: 'ticket.transferred', after, lock, stats };
}

async function plan(auth: AuthContext, before: Ticket, body: UpdateTicketBody, now: string, settings: Settings): Promise<Plan | undefined> {
  if (body.status === 'closed') return before.status === 'closed' ? undefined : close(before, body, now, settings);
  if (before.status === 'closed') return body.status === 'open' || body.status === 'pending' ? reopen(auth, before, body, now) : undefined;
  const transfers = body.whatsappId !== undefined || (body.userId !== undefined && body.userId !== auth.userId) || (body.queueId !== undefined && body.queueId !== before.queueId);
  if (before.status === 'pending' && body.status === 'open' && !transfers) return accept(auth, before, body, now);
  if (before.status === 'open' && body.status === 'pending' && (body.userId === undefined || body.userId === null)) return giveBack(before, body, now);
  if (transfers || body.isBot !== undefined) return transfer(auth, before, body, now);
  return undefined;
}

/** The farewell of a resolve: the agent's farewellMessage, else the connection's completion message. */
async function sendFarewell(auth: AuthContext, t: Ticket): Promise<void> {
  const text = auth.user.farewellMessage?.trim() || (await getConnection(t.companyId, t.whatsappId))?.complationMessage?.trim();
  // A system message: the customer reads it without the agent's signature.
  if (text) await sendMessage(auth, t.id, SendMessageBody.parse({ body: text }), { sign: false });
}

/**
 * The loser of an accept race may no longer see the ticket (it is the winner's now): it is told
 * the ticket was accepted, as when the race was decided by the transaction.
 */
async function loadForUpdate(auth: AuthContext, ticketId: number, body: UpdateTicketBody): Promise<{ ticket: StoredTicket; settings: Settings }> {
  try {
    return await loadTicketFor(auth, ticketId);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'ERR_NO_PERMISSION' || body.status !== 'open') throw err;
    const t = await getTicket(auth.companyId, ticketId);
    if (t?.status === 'open' && t.userId !== auth.userId && maySee(viewerOf(auth), { ...t, userId: null }, await getSettings(auth.companyId))) throw new AppError('ERR_TICKET_ALREADY_ACCEPTED');
    throw err;
  }
}

/**
 * What the customer is told after the write (the platform's own messages, no signature): the
 * agent's greeting on accept, the new queue and/or agent on a transfer. Keyed by the transition
 * (ticket and time), so a retried send stores one message.
 */
async function tellCustomer(auth: AuthContext, before: Ticket, after: Ticket, view: TicketView, settings: Settings): Promise<void> {
  let text: string | undefined;
  if (before.status === 'pending' && after.status === 'open' && after.userId === auth.userId && settings.sendGreetingAccepted === 'enabled') text = BOT_TEXTS.greetingAccepted;
  else if (settings.sendMsgTransfTicket === 'enabled' && after.status !== 'closed' && before.status !== 'closed') {
    const toQueue = after.queueId !== null && after.queueId !== before.queueId;
    const toAgent = after.userId !== null && after.userId !== before.userId && after.userId !== auth.userId;
    if (toQueue && toAgent) text = BOT_TEXTS.transferredToQueueAndAgent;
    else if (toQueue) text = BOT_TEXTS.transferredToQueue;
    else if (toAgent) text = BOT_TEXTS.transferredToAgent;
  }
  if (!text) return;
  const body = renderVariables(text, { contactName: view.contact.name, agentName: view.user?.name ?? '', ticketId: after.id, ticketCreatedAt: after.createdAt, queueName: view.queue?.name, connectionName: view.whatsapp?.name });
  await sendSystemMessage(after, body, { idempotencyKey: `${after.id}:${after.updatedAt}:agent-action` });
}

export async function updateTicket(auth: AuthContext, ticketId: number, body: UpdateTicketBody): Promise<TicketView> {
  const { ticket: before, settings } = await loadForUpdate(auth, ticketId, body);
  const now = new Date().toISOString();
  const p = await plan(auth, before, body, now, settings);
  if (!p) return toTicketView(before);
  // The farewell leaves through the ticket while it is still open (the same path as an agent's message).
  if (p.farewell) await sendFarewell(auth, before);
  const fresh = p.farewell ? ((await getTicket(auth.companyId, ticketId)) as StoredTicket | undefined) : before;
  if (!fresh) throw new AppError('ERR_NO_TICKET_FOUND');
  const outcome = await transitionTicket(fresh, { ...p.after, lastMessage: fresh.lastMessage, lastMessageAt: fresh.lastMessageAt }, { lock: p.lock, extra: p.stats.txItems() });
  if (outcome === 'locked') throw new AppError('ERR_OTHER_OPEN_TICKET');
  if (outcome === 'changed') {
    const now2 = await getTicket(auth.companyId, ticketId);
    if (before.status === 'pending' && body.status === 'open' && now2?.status === 'open') throw new AppError('ERR_TICKET_ALREADY_ACCEPTED');
    throw new AppError('ERR_CONFLICT');
  }
  const after = (await getTicket(auth.companyId, ticketId)) ?? p.after;
  const view = await toTicketView(after);
  await ticketChanged(p.event, before, after, 'user', { ticket: after, view });
  await tellCustomer(auth, before, after, view, settings);
  return view;
}
