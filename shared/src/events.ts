/**
 * Domain events (STYLE.md "SST monorepo and Chatwoot"): `resource.verb` facts a use-case emits
 * once its write succeeded, handed to each consumer by functions/src/domain/events/dispatch.ts
 * (realtime, the queue bot, the rating reply; later lanes, campaigns, flows, webhooks).
 *
 * Each carries its company, the ids a consumer needs to find the records, and — for a ticket —
 * where it stands for the lists before and after (what decides who sees it). Nothing else: small
 * and serialisable, so the same event could travel on a bus unchanged. The records the emitter
 * holds reach in-process consumers beside the event, never inside it.
 */
import { z } from 'zod';
import { TICKET_STATUSES } from './schemas/tickets';

const Id = z.number().int().positive();
const MessageId = z.string().min(1).max(200);

/** Where a ticket stands for the lists: its tab, and what decides who may see it. */
export const TicketPlace = z.object({ status: z.enum(TICKET_STATUSES), queueId: Id.nullable(), userId: Id.nullable(), isGroup: z.boolean() });
export type TicketPlace = z.infer<typeof TicketPlace>;

/**
 * What moved a ticket: a message that came in from the channel (its `message.created` follows in
 * the same record), a user of the company, the bot, or the platform on its own (the tick, the stream).
 */
export const Origin = z.enum(['channel', 'user', 'bot', 'platform']);
export type Origin = z.infer<typeof Origin>;

const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.object({ type: z.literal(type), companyId: Id, ...shape }).strict();

/** The kinds of ticket change that carry their place before and after. */
const ticketChange = <T extends string>(type: T) => event(type, { ticketId: Id, before: TicketPlace, after: TicketPlace, origin: Origin });

export const MessageCreated = event('message.created', {
  ticketId: Id,
  messageId: MessageId,
  contactId: Id,
  whatsappId: Id,
  fromMe: z.boolean(),
  isGroup: z.boolean(),
  /** `channel`: it came in (the customer, or the phone itself); `platform`: an agent or the platform sent it. */
  source: z.enum(['channel', 'platform']),
  createdAt: z.string(),
});
export const MessageUpdated = event('message.updated', { ticketId: Id, messageId: MessageId });

export const TicketCreated = event('ticket.created', { ticketId: Id, contactId: Id, whatsappId: Id, after: TicketPlace, origin: Origin });
/** Accepted, given back, reopened, tagged, the bot's turn, its contact card…; `before` absent when the place did not move. */
export const TicketUpdated = event('ticket.updated', { ticketId: Id, before: TicketPlace.optional(), after: TicketPlace, origin: Origin });
export const TicketTransferred = ticketChange('ticket.transferred');
export const TicketClosed = ticketChange('ticket.closed');
export const TicketDeleted = event('ticket.deleted', { ticketId: Id, place: TicketPlace });
/** An agent read the ticket's messages: its unread count went to zero. */
export const TicketRead = event('ticket.read', { ticketId: Id, place: TicketPlace });
/** The customer answered the ticket's rating menu with `messageId`, at `at`; the answer is stored. */
export const TicketRated = event('ticket.rated', { ticketId: Id, messageId: MessageId, ratingId: Id, value: z.number(), at: z.string() });

export const ContactCreated = event('contact.created', { contactId: Id });
export const ContactUpdated = event('contact.updated', { contactId: Id });
export const ContactDeleted = event('contact.deleted', { contactIds: z.array(Id).min(1) });

export const QueueUpdated = event('queue.updated', { queueId: Id });
export const QueueDeleted = event('queue.deleted', { queueId: Id });
/** A quick reply: its author, and whether it is company-wide now (`geral`) and was before the change (`wasGeral`). */
const quickMessage = <T extends string>(type: T) => event(type, { quickMessageId: Id, userId: Id, geral: z.boolean(), wasGeral: z.boolean().optional() });
export const QuickMessageCreated = quickMessage('quickMessage.created');
export const QuickMessageUpdated = quickMessage('quickMessage.updated');
export const QuickMessageDeleted = quickMessage('quickMessage.deleted');
export const RatingUpdated = event('rating.updated', { ratingId: Id });
export const RatingDeleted = event('rating.deleted', { ratingId: Id });
/** A scheduled message saved (`created`: new), sent or failed; or deleted. */
export const ScheduleUpdated = event('schedule.updated', { scheduleId: Id, created: z.boolean() });
export const ScheduleDeleted = event('schedule.deleted', { scheduleId: Id });
/** A tag or lane saved (`created`: new), or deleted (hidden at once; its tickets are cleaned up after). */
export const TagSaved = event('tag.saved', { tagId: Id, created: z.boolean() });
export const TagDeleted = event('tag.deleted', { tagId: Id });
/** A contact list saved (`created`: new; its count moves with its items), or deleted (its items go after it). */
export const ContactListSaved = event('contactList.saved', { contactListId: Id, created: z.boolean() });
export const ContactListDeleted = event('contactList.deleted', { contactListId: Id });
/** A contact list's item saved (`created`: new) or deleted. */
export const ContactListItemSaved = event('contactListItem.saved', { contactListId: Id, itemId: Id, created: z.boolean() });
export const ContactListItemDeleted = event('contactListItem.deleted', { contactListId: Id, itemId: Id });
/** A campaign saved (`created`: new), started, cancelled, paused, finished or its counters moved; or deleted. */
export const CampaignSaved = event('campaign.saved', { campaignId: Id, created: z.boolean() });
export const CampaignDeleted = event('campaign.deleted', { campaignId: Id });
export const ConnectionCreated = event('connection.created', { whatsappId: Id });
export const ConnectionUpdated = event('connection.updated', { whatsappId: Id });
export const ConnectionDeleted = event('connection.deleted', { whatsappId: Id });
/** A session reported its status, QR or number. */
export const ConnectionStatus = event('connection.status', { whatsappId: Id });

export const UserCreated = event('user.created', { userId: Id });
export const UserUpdated = event('user.updated', { userId: Id });
export const UserDeleted = event('user.deleted', { userId: Id });
export const UserStatus = event('user.status', { userId: Id, online: z.boolean() });
export const SettingUpdated = event('setting.updated', { key: z.string().min(1).max(64) });
/** The user signed in elsewhere: a new session family. */
/** An invoice was paid (the webhook's transaction moved the due date). */
export const InvoicePaid = event('invoice.paid', { invoiceId: Id });
/** A platform announcement saved or deleted (its company: the super admin's); published to every company. */
export const AnnouncementSaved = event('announcement.saved', { announcementId: Id, created: z.boolean() });
export const AnnouncementDeleted = event('announcement.deleted', { announcementId: Id });
export const SessionReplaced = event('session.replaced', { userId: Id, sessionId: z.string().min(1) });

export const DomainEvent = z.discriminatedUnion('type', [
  MessageCreated, MessageUpdated,
  TicketCreated, TicketUpdated, TicketTransferred, TicketClosed, TicketDeleted, TicketRead, TicketRated,
  ContactCreated, ContactUpdated, ContactDeleted,
  QueueUpdated, QueueDeleted,
  QuickMessageCreated, QuickMessageUpdated, QuickMessageDeleted,
  RatingUpdated, RatingDeleted,
  ScheduleUpdated, ScheduleDeleted,
  TagSaved, TagDeleted,
  ContactListSaved, ContactListDeleted, ContactListItemSaved, ContactListItemDeleted,
  CampaignSaved, CampaignDeleted,
  ConnectionCreated, ConnectionUpdated, ConnectionDeleted, ConnectionStatus,
  UserCreated, UserUpdated, UserDeleted, UserStatus,
  SettingUpdated,
  SessionReplaced,
  InvoicePaid,
  AnnouncementSaved, AnnouncementDeleted,
]);
export type DomainEvent = z.infer<typeof DomainEvent>;
export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** Every event name, in one list. */
export const DOMAIN_EVENTS = DomainEvent.options.map((o) => o.shape.type.value) as readonly DomainEventType[];
