/**
 * The event spine: a use-case emits a domain event (@conversa/shared/events) once its write
 * succeeded, and this hands it to each consumer that listens for it. A consumer is one module
 * and one line in CONSUMERS below.
 *
 * In process, in order. The consumers run in the Lambda that made the write, one after another
 * in the order of CONSUMERS (realtime first: the agents see the customer's message before the
 * bot's answer to it). That is the choice for each consumer today, on AWS and locally alike:
 * - realtime: the push must leave within milliseconds and needs the records the use-case holds
 *   (ticket, message, contact, the view it built); a bus or the stream would add a hop (EventBridge
 *   ~$1 per million events, plus a Lambda per event) and make it read them again.
 * - the queue bot and the rating reply: they answer the customer in the order of the chat. The
 *   inbound worker runs a chat's records one at a time (FIFO group), so in-process they keep that
 *   order for free; EventBridge does not keep order, and the table's stream keeps it per item
 *   only (a message and its ticket are two items).
 * - the search index and the dashboard's message totals are table-stream consumers
 *   (workers/streams.ts) and are not registered here: they batch (hundreds of records per
 *   invocation, a few WCU per batch instead of per message), need nothing the writer holds, and
 *   may lag by seconds.
 * A consumer that can lag and wants batching (webhook deliveries, say) would rather be fed from
 * the stream or EventBridge: its module stays the same, `held` is then loaded by the event's ids.
 *
 * Failure and redelivery. Every consumer of an event runs even when one before it threw; then the
 * emit throws (ConsumersFailed), so a queue record fails and is retried, and an HTTP call answers
 * an error as before. A retried record finds its write done (the message's conditional put, the
 * ticket's lock, the rating answer's record): it emits nothing new, but re-emits the event with
 * `emitRedelivered` to the consumers marked `redelivered` only — those whose work an earlier
 * delivery may have left half done and which make a repeat do nothing (the bot's replies are keyed
 * by the inbound message id and its turn by `botState.handled`; the rating reply by the answer).
 * The others (realtime, a one-shot consumer) see each event exactly once per write.
 */
import { DomainEvent, type DomainEventType, type EventOf } from '@conversa/shared/events';
import type { AnnouncementView } from '@conversa/shared/schemas/announcements';
import type { QueueView } from '@conversa/shared/schemas/queues';
import type { QuickMessageView } from '@conversa/shared/schemas/quick-messages';
import type { RatingView } from '@conversa/shared/schemas/ratings';
import type { RealtimePayload } from '@conversa/shared/realtime-payloads';
import type { ScheduleView } from '@conversa/shared/schemas/schedules';
import type { CampaignView } from '@conversa/shared/schemas/campaigns';
import type { ContactListItemView, ContactListView } from '@conversa/shared/schemas/contact-lists';
import type { TagRecord } from '@conversa/shared/schemas/tags';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import type { Connection } from '../../adapters/db/connections';
import type { Contact } from '../../adapters/db/contacts';
import type { Message } from '../../adapters/db/messages';
import type { Ticket } from '../../adapters/db/tickets';
import { log } from '../../lib/log';
import { realtimePublisher } from '../realtime/publish-events';
import type { UserOut } from '../users/manage-users';

type TicketHeld = { ticket: Ticket; view: TicketView };

/** The records an emitter holds and hands to in-process consumers beside the event. */
export type Held = {
  'message.created': { ticket: Ticket; message: Message; contact: Contact; connection: Connection; quoted?: Message };
  'message.updated': { ticket: Ticket; message: Message };
  'ticket.created': TicketHeld;
  'ticket.updated': TicketHeld;
  'ticket.transferred': TicketHeld;
  'ticket.closed': TicketHeld;
  'ticket.deleted': Record<string, never>;
  'ticket.read': Record<string, never>;
  'ticket.rated': { ticket: Ticket };
  'contact.created': { contact: Contact };
  'contact.updated': { contact: Contact };
  'contact.deleted': Record<string, never>;
  'queue.updated': { view: QueueView };
  'queue.deleted': Record<string, never>;
  'quickMessage.created': { view: QuickMessageView };
  'quickMessage.updated': { view: QuickMessageView };
  'quickMessage.deleted': Record<string, never>;
  'rating.updated': { view: RatingView };
  'rating.deleted': Record<string, never>;
  'schedule.updated': { view: ScheduleView };
  'schedule.deleted': Record<string, never>;
  'tag.saved': { view: TagRecord };
  'tag.deleted': Record<string, never>;
  'contactList.saved': { view: ContactListView };
  'contactList.deleted': Record<string, never>;
  'contactListItem.saved': { view: ContactListItemView };
  'contactListItem.deleted': Record<string, never>;
  'campaign.saved': { view: CampaignView };
  'campaign.deleted': Record<string, never>;
  'connection.created': { connection: Connection };
  'connection.updated': { connection: Connection };
  'connection.deleted': Record<string, never>;
  'connection.status': { connection: Connection };
  'user.created': { user: UserOut };
  'user.updated': { user: UserOut };
  'user.deleted': Record<string, never>;
  'user.status': Record<string, never>;
  'setting.updated': { value: string };
  'session.replaced': Record<string, never>;
  'invoice.paid': { payment: RealtimePayload<'payment'> };
  'announcement.saved': { view: AnnouncementView };
  'announcement.deleted': Record<string, never>;
};

/** A consumer's part in one event: `held()` answers the records (loaded once, on the first call). */
export type Handler<T extends DomainEventType> = (event: EventOf<T>, held: () => Promise<Held[T]>) => Promise<void>;

export type Consumer = {
  name: string;
  /** Runs again for a redelivered record whose write an earlier delivery made: only for a consumer whose repeat does nothing. */
  redelivered?: boolean;
  on: { [T in DomainEventType]?: Handler<T> };
};

/**
 * A consumer loaded when an event it takes is first emitted in this process (its module and what
 * only it imports are a chunk of their own in the Lambda bundle, so a function that never emits
 * its events never loads it). `events` must be the keys of its `on` (a test checks).
 */
export type LazyConsumer = { name: string; events: readonly DomainEventType[]; load: () => Promise<Consumer> };

/** The consumers, in the order they run. */
export const CONSUMERS = (): readonly (Consumer | LazyConsumer)[] => [
  realtimePublisher,
  // flows: a customer's message → the running flow or a trigger, before the queue bot's turn (which then leaves the ticket alone);
  // ticket changes → an accepted or closed ticket's flow ends, a queue naming a flow starts it.
  { name: 'flows', events: ['message.created', 'ticket.updated', 'ticket.transferred', 'ticket.closed'], load: () => import('../flows/flow-consumer').then((m) => m.flowRunner) },
  { name: 'queue bot', events: ['message.created'], load: () => import('../bot/queue-bot').then((m) => m.queueBot) },
  { name: 'rating reply', events: ['ticket.rated'], load: () => import('../ratings/rating-reply').then((m) => m.ratingReply) },
  // contact lists: a session connected (connection.status) → the numbers checks that wait for one.
  { name: 'numberChecks', events: ['connection.status'], load: () => import('../contact-lists/whatsapp-valid').then((m) => m.numberChecks) },
  // lanes: a ticket's lane tag moved (ticket.updated) → the lane's campaign schedule.
  // campaigns: a recipient's reply (message.created) → the confirmation, or the opt-out.
  // webhooks: every event a company subscribed to → its delivery (fed from the stream, see above).
];

const added: Consumer[] = [];

/** Adds a consumer after those of CONSUMERS (a test's own); answers how to take it away. */
export function addConsumer(c: Consumer): () => void {
  added.push(c);
  return () => void added.splice(added.indexOf(c), 1);
}

/** What a consumer threw, for each that did; the others ran. */
export class ConsumersFailed extends AggregateError {
  constructor(readonly event: DomainEventType, failures: { consumer: string; err: unknown }[]) {
    super(failures.map((f) => f.err), `${event}: ${failures.map((f) => `${f.consumer}: ${String(f.err)}`).join('; ')}`);
    this.name = 'ConsumersFailed';
  }
}

/** A redelivery's records are gone (the ticket was deleted meanwhile): nothing is left to redo. */
export class HeldGone extends Error {}

function once<H>(held: H | (() => Promise<H>)): () => Promise<H> {
  if (typeof held !== 'function') return () => Promise.resolve(held);
  let p: Promise<H> | undefined;
  return () => (p ??= (held as () => Promise<H>)());
}

async function dispatch<T extends DomainEventType>(raw: EventOf<T>, held: () => Promise<Held[T]>, redelivered: boolean): Promise<void> {
  const event = DomainEvent.parse(raw) as EventOf<T>;
  const failures: { consumer: string; err: unknown }[] = [];
  for (const entry of [...CONSUMERS(), ...added]) {
    if ('load' in entry && !entry.events.includes(event.type)) continue;
    const c = 'load' in entry ? await entry.load() : entry;
    const handle = c.on[event.type] as Handler<T> | undefined;
    if (!handle || (redelivered && !c.redelivered)) continue;
    try {
      await handle(event, held);
    } catch (err) {
      if (err instanceof HeldGone) continue;
      log.error('event consumer failed', { consumer: c.name, event: event.type, companyId: event.companyId, err: String(err) });
      failures.push({ consumer: c.name, err });
    }
  }
  if (failures.length) throw new ConsumersFailed(event.type, failures);
}

/** After a write: every consumer of the event. `held`: the records, or how to build them when a consumer asks. */
export function emit<T extends DomainEventType>(event: EventOf<T>, held: Held[T] | (() => Promise<Held[T]>)): Promise<void> {
  return dispatch(event, once(held), false);
}

/** A redelivered record found its write done: the event again, to the consumers marked `redelivered` only. */
export function emitRedelivered<T extends DomainEventType>(event: EventOf<T>, held: () => Promise<Held[T]>): Promise<void> {
  return dispatch(event, once(held), true);
}
