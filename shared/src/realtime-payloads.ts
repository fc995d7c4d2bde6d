/**
 * What the browser receives on each realtime channel (DESIGN.md "Realtime"): the `data` of an
 * event, `{ action, ...payload }`, per channel of realtime.ts. The server's publish is typed
 * against these schemas; the SPA parses every event it receives with them and drops one that does
 * not parse. (Domain events, `message.created`…, are another list: what the server's consumers get.)
 */
import { z } from 'zod';
import { ConnectionView } from './channels';
import { channel } from './realtime';
import { UserView } from './schemas/auth';
import { ContactView } from './schemas/contacts';
import { AnnouncementPayload } from './schemas/announcements';
import { MessageView } from './schemas/messages';
import { QueueView } from './schemas/queues';
import { QuickMessageView } from './schemas/quick-messages';
import { RatingView } from './schemas/ratings';
import { ScheduleView } from './schemas/schedules';
import { CampaignView } from './schemas/campaigns';
import { ContactListItemView, ContactListView } from './schemas/contact-lists';
import { TagRecord } from './schemas/tags';
import { TicketView } from './schemas/tickets';

const Id = z.number();

/**
 * `company-{id}-user`: a user created, changed or deleted (admins and the user), or a user's online
 * flag (everyone). The whole user is tried first, so a full update is never cut to the status.
 */
export const UserPayload = z.union([
  z.object({ action: z.enum(['create', 'update']), user: UserView }),
  z.object({ action: z.literal('update'), user: UserView.pick({ id: true, online: true }) }),
  z.object({ action: z.literal('delete'), user: z.object({ id: Id }), userId: Id }),
]);

/** `company-{id}-auth` to one user: signed in elsewhere (`update`, the new session) or this session ended by the server. */
export const AuthPayload = z.object({ action: z.enum(['update', 'ended']), user: z.object({ id: Id }), sessionId: z.string() });

/** `company-{id}-settings`: a setting changed; a secret one without its value. */
export const SettingsPayload = z.object({
  action: z.literal('update'),
  setting: z.union([z.object({ key: z.string(), value: z.string() }), z.object({ key: z.string() })]),
});

/** `company-{id}-whatsapp`: a connection created or edited (without its token), or deleted. */
export const WhatsappPayload = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), whatsapp: ConnectionView }),
  z.object({ action: z.literal('delete'), whatsappId: Id }),
]);

/** `company-{id}-whatsappSession` (admins): what a session reported (status, QR, number). */
export const WhatsappSessionPayload = z.object({ action: z.literal('update'), session: ConnectionView });

/**
 * `company-{id}-ticket`, to the users who may see the ticket: `update` after a write;
 * `removeFromList` to those who saw it and no longer do; `delete`; `updateUnread` when read.
 */
export const TicketPayload = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), ticket: TicketView }),
  z.object({ action: z.enum(['removeFromList', 'delete', 'updateUnread']), ticketId: Id }),
]);

/** `company-{id}-appMessage`: a message created or changed, with its ticket (and from the inbound path, the customer). */
export const AppMessagePayload = z.object({ action: z.enum(['create', 'update']), message: MessageView, ticket: TicketView, contact: ContactView.optional() });

/** `company-{id}-contact`: a contact created or changed (the number masked for non-admins), or one or several deleted. */
export const ContactPayload = z.union([
  z.object({ action: z.enum(['create', 'update']), contact: ContactView }),
  z.object({ action: z.literal('delete'), contactId: Id }),
  z.object({ action: z.literal('delete'), contactIds: z.array(Id) }),
]);

/** `company-{id}-queue`: a queue saved (created or changed), or deleted. */
export const QueuePayload = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), queue: QueueView }),
  z.object({ action: z.literal('delete'), queueId: Id }),
]);

/** `company-{id}-quickemessage`, to whoever sees the reply. */
export const QuickMessagePayload = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), record: QuickMessageView }),
  z.object({ action: z.literal('delete'), id: Id }),
]);

/** `company-{id}-rating` (admins): a rating saved, or deleted. */
export const RatingPayload = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), rating: RatingView }),
  z.object({ action: z.literal('delete'), ratingId: Id }),
]);

/** `company-{id}-payment` (the whole company): a Pix payment confirmed (spec 2 §4: action CONCLUIDA finishes the checkout). */
export const PaymentPayload = z.object({ action: z.literal('CONCLUIDA'), invoiceId: Id, txid: z.string(), valor: z.string(), dueDate: z.string() });
/** `company-{id}-schedule`: a scheduled message created, changed (sent, failed), or deleted. */
export const SchedulePayload = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), schedule: ScheduleView }),
  z.object({ action: z.literal('delete'), scheduleId: Id }),
]);

/** `company-{id}-tag` (the whole company): a tag or lane created, changed, or deleted. */
export const TagPayload = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), tag: TagRecord }),
  z.object({ action: z.literal('delete'), tagId: Id }),
]);

/** `company-{id}-ContactList` (admins): a contact list created, changed (its count too), or deleted. */
export const ContactListPayload = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), record: ContactListView }),
  z.object({ action: z.literal('delete'), id: Id }),
]);

/** `company-{id}-ContactListItem` (admins): an item of list `contactListId` created, changed, or deleted. */
export const ContactListItemPayload = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), contactListId: Id, record: ContactListItemView }),
  z.object({ action: z.literal('delete'), contactListId: Id, id: Id }),
]);

/** `company-{id}-campaign` (admins): a campaign created, changed (status, counters, a pause with its reason), or deleted. */
export const CampaignPayload = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), record: CampaignView }),
  z.object({ action: z.literal('delete'), id: Id }),
]);

export type ChannelKey = keyof typeof channel;

/** Every channel's schema (a channel without one does not compile). */
export const REALTIME_PAYLOADS = {
  user: UserPayload,
  auth: AuthPayload,
  settings: SettingsPayload,
  whatsapp: WhatsappPayload,
  whatsappSession: WhatsappSessionPayload,
  ticket: TicketPayload,
  appMessage: AppMessagePayload,
  contact: ContactPayload,
  queue: QueuePayload,
  quickMessage: QuickMessagePayload,
  rating: RatingPayload,
  payment: PaymentPayload,
  announcement: AnnouncementPayload,
  schedule: SchedulePayload,
  tag: TagPayload,
  contactList: ContactListPayload,
  contactListItem: ContactListItemPayload,
  campaign: CampaignPayload,
} as const satisfies Record<ChannelKey, z.ZodType<{ action: string }>>;

export type RealtimePayload<K extends ChannelKey> = z.infer<(typeof REALTIME_PAYLOADS)[K]>;

/** A channel's name: `company-${number}-ticket`… */
export type ChannelName<K extends ChannelKey = ChannelKey> = ReturnType<(typeof channel)[K]>;

/** The payload a channel name carries (never for a name of no channel). */
export type PayloadOf<N extends ChannelName> = { [K in ChannelKey]: N extends ChannelName<K> ? RealtimePayload<K> : never }[ChannelKey];

/** One event as published: a channel and its payload. */
export type RealtimeEvent = { [K in ChannelKey]: { channel: ChannelName<K>; data: RealtimePayload<K> } }[ChannelKey];

const KEY_BY_SUFFIX = new Map((Object.keys(channel) as ChannelKey[]).map((k) => [channel[k](0).slice('company-0-'.length), k]));

/** The channel a name belongs to: 'company-3-ticket' → 'ticket'. */
export function channelKeyOf(name: string): ChannelKey | undefined {
  const suffix = /^company-\d+-(.+)$/.exec(name)?.[1];
  return suffix === undefined ? undefined : KEY_BY_SUFFIX.get(suffix);
}

/** An event's data checked against its channel's schema (what arrives on a socket is not trusted). */
export function parsePayload<N extends ChannelName>(name: N, data: unknown): { success: true; data: PayloadOf<N> } | { success: false; error: string } {
  const key = channelKeyOf(name);
  if (!key) return { success: false, error: `no channel is named ${name}` };
  const out = REALTIME_PAYLOADS[key].safeParse(data);
  return out.success ? { success: true, data: out.data as PayloadOf<N> } : { success: false, error: z.prettifyError(out.error) };
}
