/**
 * The flow runtime as a consumer of domain events (domain/events/dispatch.ts), before the queue bot
 * (BEHAVIOUR.md "Flows", "Inbound message" step 11).
 *
 * `message.created` of a customer (never groups, `disableBot` contacts, messages from the phone):
 * a running flow takes it (run-flow.ts); else, on a pending ticket with no agent, the triggers in
 * order — a phrase trigger of the connection, the welcome flow (a ticket just created for a contact
 * who never wrote before), the "no phrase" flow (a ticket just created), the flow of the queue the
 * new ticket was put in. When a flow took the message, the held ticket is brought up to date
 * (`flowState`, `flowHandled`) so the queue bot after this consumer leaves it alone.
 *
 * Ticket changes: an agent accepting (open) or the ticket closing ends its flow; a ticket that
 * enters a queue naming a flow starts it.
 *
 * Redelivered records run again (`redelivered`): a step's messages are keyed by the message, its
 * write conditioned on the state read and on `flowHandled`, so the repeat does nothing new.
 */
import type { EventOf } from '@conversa/shared/events';
import { phraseMatches } from '@conversa/shared/schemas/flows';
import { getConnection, type Connection } from '../../adapters/db/connections';
import { getContact, type Contact } from '../../adapters/db/contacts';
import { getFlow, listFlowTriggers, type FlowTrigger } from '../../adapters/db/flows';
import type { Message } from '../../adapters/db/messages';
import { getQueue } from '../../adapters/db/queues';
import { writeFlowState } from '../../adapters/db/ticket-flow';
import { previousContactTicket, type StoredTicket, type Ticket } from '../../adapters/db/tickets';
import { log } from '../../lib/log';
import type { Consumer, Held } from '../events/dispatch';
import { stepFlow, type StepOutcome } from './run-flow';
import type { FlowTrigger as TriggerKind } from './runner';

const TRIGGERS_CACHE_MS = 5_000;
const triggersCache = new Map<number, { at: number; list: FlowTrigger[] }>();

/** A company's phrase triggers (a few; read again after a few seconds so an edit takes effect soon). */
async function phraseTriggers(cid: number): Promise<FlowTrigger[]> {
  const hit = triggersCache.get(cid);
  if (hit && Date.now() - hit.at < TRIGGERS_CACHE_MS) return hit.list;
  const list = (await listFlowTriggers(cid)).sort((a, b) => a.id - b.id);
  if (triggersCache.size > 1000) triggersCache.clear();
  triggersCache.set(cid, { at: Date.now(), list });
  return list;
}

/** Forgets the cached triggers (tests; the trigger routes after a write). */
export const forgetFlowTriggers = (cid?: number): void => void (cid === undefined ? triggersCache.clear() : triggersCache.delete(cid));

type Scene = { ticket: StoredTicket; connection: Connection; contact: Contact };

/** Starts `flowId` (active, saved at least once, the company's) on the ticket; undefined when there is nothing to start. */
async function startFlow(sc: Scene, flowId: number, trigger: TriggerKind, key: string, at: Date, handled?: string): Promise<StepOutcome | undefined> {
  const flow = await getFlow(sc.ticket.companyId, flowId);
  if (!flow || !flow.active || flow.version < 1) return undefined;
  return stepFlow({ ...sc, event: { kind: 'start', trigger, flowId, version: flow.version, at: at.toISOString() }, key, at, handled });
}

/** Which flow a customer's message starts, by the triggers' order; undefined: none. */
async function triggered(sc: Scene, message: Message): Promise<{ flowId: number; trigger: TriggerKind } | undefined> {
  const { ticket, connection } = sc;
  const justCreated = ticket.createdAt === message.createdAt;
  // A ticket the bot or a person already routed is not a new conversation (the single-queue connection's queue is set at creation).
  if (ticket.queueId !== null && !justCreated) return undefined;
  const phrase = (await phraseTriggers(ticket.companyId)).find((t) => t.status && t.whatsappId === connection.id && phraseMatches(t.phrase, t.matchType, message.body));
  if (phrase) return { flowId: phrase.flowId, trigger: 'phrase' };
  if (!justCreated) return undefined;
  if (connection.flowIdWelcome && (await previousContactTicket(ticket.companyId, ticket.contactId, ticket.id)) === undefined) return { flowId: connection.flowIdWelcome, trigger: 'welcome' };
  if (connection.flowIdNotPhrase) return { flowId: connection.flowIdNotPhrase, trigger: 'notPhrase' };
  if (ticket.queueId !== null) {
    const queue = await getQueue(ticket.companyId, ticket.queueId);
    if (queue?.flowId) return { flowId: queue.flowId, trigger: 'queue' };
  }
  return undefined;
}

/** A ticket a flow may act on: pending, no agent, the bot on, not a group. */
const flowMayRun = (t: Ticket): boolean => t.status === 'pending' && t.userId === null && t.isBot && !t.isGroup;

/** Ends the ticket's flow (an agent took it, it closed, the agent stopped it); false when there was none or it moved meanwhile. */
export async function endFlow(t: Ticket): Promise<StoredTicket | undefined> {
  if (!t.flowState) return undefined;
  return writeFlowState(t.companyId, t.id, { expected: t.flowState, next: null });
}

async function onCustomerMessage(h: Held['message.created']): Promise<void> {
  const { connection, contact, message } = h;
  const ticket = h.ticket as StoredTicket;
  if (contact.disableBot || contact.isGroup || ticket.isGroup || message.mediaType === 'call_log') return;
  if ((ticket.flowHandled ?? '') >= message.id) return;
  const sc: Scene = { ticket, connection, contact };
  const at = new Date(message.createdAt);
  let outcome: StepOutcome | undefined;
  if (ticket.flowState) {
    // A flow whose ticket a person took (or that closed) is over: the message is theirs.
    if (ticket.status !== 'pending' || ticket.userId !== null) {
      await endFlow(ticket);
      return;
    }
    outcome = await stepFlow({ ...sc, event: { kind: 'answer', text: message.body, messageId: message.id }, key: message.id, at, handled: message.id });
  } else {
    if (!flowMayRun(ticket)) return;
    const start = await triggered(sc, message);
    if (!start) return;
    outcome = await startFlow(sc, start.flowId, start.trigger, message.id, at, message.id);
  }
  // The queue bot runs next on the same held ticket: it must see that the flow took this message.
  if (outcome?.ticket) Object.assign(h.ticket, { flowState: outcome.ticket.flowState, flowHandled: outcome.ticket.flowHandled });
  else if (outcome) Object.assign(h.ticket, { flowHandled: message.id });
}

type TicketChange = EventOf<'ticket.updated' | 'ticket.transferred' | 'ticket.closed'>;

/** An agent accepted the ticket or it closed: its flow ends. A pending ticket that entered a queue naming a flow: that flow starts. */
async function onTicketChange(e: TicketChange, held: () => Promise<{ ticket: Ticket }>): Promise<void> {
  const moved = e.before !== undefined && e.before.queueId !== e.after.queueId && e.after.queueId !== null;
  const over = e.after.status !== 'pending';
  if (!moved && !over) return;
  const { ticket } = await held();
  if (over) {
    await endFlow(ticket);
    return;
  }
  if (ticket.flowState || !flowMayRun(ticket) || ticket.queueId === null) return;
  const queue = await getQueue(ticket.companyId, ticket.queueId);
  if (!queue?.flowId) return;
  const [connection, contact] = await Promise.all([getConnection(ticket.companyId, ticket.whatsappId), getContact(ticket.companyId, ticket.contactId)]);
  if (!connection || !contact || contact.disableBot) return;
  const started = await startFlow({ ticket: ticket as StoredTicket, connection, contact }, queue.flowId, 'queue', `queue:${ticket.id}:${queue.id}:${ticket.queuedAt}:${ticket.updatedAt}`, new Date());
  if (started?.ran) log.info('flow started by its queue', { companyId: ticket.companyId, ticketId: ticket.id, queueId: queue.id, flowId: queue.flowId });
}

const ticketChange = <T extends 'ticket.updated' | 'ticket.transferred' | 'ticket.closed'>() => (e: EventOf<T>, held: () => Promise<Held[T]>) => onTicketChange(e as TicketChange, held);

export const flowRunner: Consumer = {
  name: 'flows',
  redelivered: true,
  on: {
    'message.created': async (e, held) => {
      if (e.source !== 'channel' || e.fromMe || e.isGroup) return;
      await onCustomerMessage(await held());
    },
    'ticket.updated': ticketChange<'ticket.updated'>(),
    'ticket.transferred': ticketChange<'ticket.transferred'>(),
    'ticket.closed': ticketChange<'ticket.closed'>(),
  },
};
