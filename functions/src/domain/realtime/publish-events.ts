/**
 * The realtime publisher: the consumer of domain events (domain/events/dispatch.ts) that pushes
 * them on the spec's channels (`company-{id}-ticket`, `-appMessage`, `-contact`, `-user`,
 * `-settings`, `-auth`, `-queue`, `-quickemessage`, `-rating`, `-payment`, `-whatsapp`, `-whatsappSession`, `-schedule`, `-tag`, `-ContactList`, `-ContactListItem`)
 * with the wire shapes the SPA reads from the API, and decides who receives each: a ticket's
 * events only the users who may see it (the list's rule, shared ticket-visibility.ts), contacts whole to
 * admins and masked to the others, a user's record to admins and that user, ratings and session
 * reports to admins, an own quick reply to its author.
 * The company is stamped on every push (adapters/realtime.ts).
 */
import { channel } from '@conversa/shared/realtime';
import type { RealtimeEvent, RealtimePayload } from '@conversa/shared/realtime-payloads';
import { maySee, type TicketViewer } from '@conversa/shared/ticket-visibility';
import type { EventOf, TicketPlace } from '@conversa/shared/events';
import type { QuickMessageView } from '@conversa/shared/schemas/quick-messages';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import type { Connection } from '../../adapters/db/connections';
import type { Contact } from '../../adapters/db/contacts';
import { getMessage, type Message } from '../../adapters/db/messages';
import { getSettings, recentSettings } from '../../adapters/db/settings';
import { onlineSince } from '../../adapters/db/users';
import type { Ticket } from '../../adapters/db/tickets';
import { publish, publishAll, type Audience } from '../../adapters/realtime';
import { sessionView } from '../connections/session-state';
import { contactView } from '../contacts/contact-view';
import type { Consumer } from '../events/dispatch';
import { toMessageView } from '../messages/message-view';
import { isSecretSetting } from '../settings/company-settings';
import { toTicketView } from '../tickets/ticket-view';

type Seen = Pick<Ticket, 'userId' | 'queueId' | 'isGroup'>;

async function ticketAudience(ticket: Ticket) {
  // The visibility settings change rarely: read at most every few seconds per container.
  const s = await recentSettings(ticket.companyId);
  return { kind: 'where' as const, test: (c: TicketViewer) => maySee(c, ticket, s) };
}

/** A message created or changed; a new message also updates the ticket in the lists. `quoted`: the message it quotes, when the emitter holds it. */
async function publishMessage(action: 'create' | 'update', ticket: Ticket, message: Message, contact?: Contact, quoted?: Message): Promise<void> {
  const cid = ticket.companyId;
  const quotedMsg = quoted ?? (message.quotedMsgId ? await getMessage(cid, ticket.id, message.quotedMsgId) : undefined);
  const [audience, ticketView, messageView] = await Promise.all([ticketAudience(ticket), toTicketView(ticket, contact?.id === ticket.contactId ? contact : undefined), toMessageView(message, quotedMsg, contact?.name ?? null)]);
  const events: RealtimeEvent[] = [{ channel: channel.appMessage(cid), data: { action, message: messageView, ticket: ticketView, ...(contact ? { contact: contactView(contact) } : {}) } }];
  if (action === 'create') events.push({ channel: channel.ticket(cid), data: { action: 'update', ticket: ticketView } });
  await publishAll(cid, events, audience);
}

/** `update` with the view to who sees the ticket now; `removeFromList` to who saw it before and no longer does. */
async function publishTicket(cid: number, before: Seen | undefined, after: Ticket, view: TicketView): Promise<void> {
  const s = await getSettings(cid);
  const sees = (c: TicketViewer, t: Seen) => maySee(c, t, s);
  await Promise.all([
    publishAll(cid, [{ channel: channel.ticket(cid), data: { action: 'update', ticket: view } }], { kind: 'where', test: (c) => sees(c, after) }),
    before ? publishAll(cid, [{ channel: channel.ticket(cid), data: { action: 'removeFromList', ticketId: after.id } }], { kind: 'where', test: (c) => sees(c, before) && !sees(c, after) }) : undefined,
  ]);
}

/** One action on the ticket channel to who may see the ticket where it is. */
async function publishToViewers(cid: number, place: TicketPlace, data: RealtimePayload<'ticket'>): Promise<void> {
  const s = await getSettings(cid);
  await publishAll(cid, [{ channel: channel.ticket(cid), data }], { kind: 'where', test: (c) => maySee(c, place, s) });
}

/**
 * A ticket's change reaches the lists; one a message brought in (origin `channel`) reaches them
 * with that message's event, in one push.
 */
type TicketChange = EventOf<'ticket.created' | 'ticket.updated' | 'ticket.transferred' | 'ticket.closed'>;
const ticketChange = async (e: TicketChange, held: () => Promise<{ ticket: Ticket; view: TicketView }>): Promise<void> => {
  if (e.origin === 'channel') return;
  const { ticket, view } = await held();
  await publishTicket(e.companyId, 'before' in e ? e.before : undefined, ticket, view);
};

const notAdmin = { kind: 'where' as const, test: (c: { profile: string; super: boolean }) => !c.super && c.profile !== 'admin' };

/** Admins get the number whole, the others masked like the lists they see. */
async function publishContact(c: Contact, action: 'create' | 'update'): Promise<void> {
  const ch = channel.contact(c.companyId);
  await Promise.all([
    publish(c.companyId, ch, { action, contact: contactView(c) }, { kind: 'admins' }),
    publish(c.companyId, ch, { action, contact: contactView(c, { masked: true }) }, notAdmin),
  ]);
}

/** A quick reply to who sees it: everyone for a company-wide one, its author for an own one; one that stops being company-wide is deleted for the others. */
const quickMessageChange = async (e: EventOf<'quickMessage.created' | 'quickMessage.updated' | 'quickMessage.deleted'>, held: () => Promise<{ view?: QuickMessageView }>): Promise<void> => {
  const ch = channel.quickMessage(e.companyId);
  const audience: Audience = e.geral ? { kind: 'company' } : { kind: 'users', userIds: [e.userId] };
  if (e.type === 'quickMessage.deleted') return void (await publish(e.companyId, ch, { action: 'delete', id: e.quickMessageId }, audience));
  const { view } = await held();
  if (view) await publish(e.companyId, ch, { action: e.type === 'quickMessage.created' ? 'create' : 'update', record: view }, audience);
  if (e.wasGeral && !e.geral) await publish(e.companyId, ch, { action: 'delete', id: e.quickMessageId }, { kind: 'where', test: (c) => c.userId !== e.userId });
};

/** A connection to the company (`company-{id}-whatsapp`); its session's reports to the admins (`-whatsappSession`). */
const connectionChange = async (e: EventOf<'connection.created' | 'connection.updated'>, held: () => Promise<{ connection: Connection }>): Promise<void> =>
  void (await publish(e.companyId, channel.whatsapp(e.companyId), { action: 'update', whatsapp: sessionView((await held()).connection) }, { kind: 'company' }));

/** A user's record: to the admins and to that user. */
function announceUser(companyId: number, data: RealtimePayload<'user'>) {
  const id = data.user.id;
  return publish(companyId, channel.user(companyId), data, { kind: 'where', test: (c) => c.super || c.profile === 'admin' || c.userId === id });
}

/**
 * A platform announcement reaches every company's connected users. Fan-out: one Query of the
 * online-users index (users with an open socket, across companies) gives the companies to reach,
 * then each of those companies' connections as for any company event; companies nobody of which is
 * online cost nothing. Announcements are rare (a handful a week), so one announcement costs about
 * (online users ÷ 8) read units plus one push per open socket.
 */
async function toEveryCompany(data: RealtimePayload<'announcement'>): Promise<void> {
  const companies = [...new Set((await onlineSince('\uffff')).map((u) => u.companyId))];
  await Promise.all(companies.map((cid) => publish(cid, channel.announcement(cid), data, { kind: 'company' })));
}

export const realtimePublisher: Consumer = {
  name: 'realtime',
  on: {
    'message.created': async (e, held) => {
      const { ticket, message, contact, quoted } = await held();
      // A message that came in carries its contact (name and picture may have changed with it).
      await publishMessage('create', ticket, message, e.source === 'channel' ? contact : undefined, quoted);
    },
    'message.updated': async (_e, held) => {
      const { ticket, message } = await held();
      await publishMessage('update', ticket, message);
    },
    'ticket.created': ticketChange,
    'ticket.updated': ticketChange,
    'ticket.transferred': ticketChange,
    'ticket.closed': ticketChange,
    'ticket.deleted': (e) => publishToViewers(e.companyId, e.place, { action: 'delete', ticketId: e.ticketId }),
    'ticket.read': (e) => publishToViewers(e.companyId, e.place, { action: 'updateUnread', ticketId: e.ticketId }),
    'contact.created': async (_e, held) => publishContact((await held()).contact, 'create'),
    'contact.updated': async (_e, held) => publishContact((await held()).contact, 'update'),
    'contact.deleted': async (e) => {
      const data: RealtimePayload<'contact'> = e.contactIds.length === 1 ? { action: 'delete', contactId: e.contactIds[0]! } : { action: 'delete', contactIds: e.contactIds };
      await publish(e.companyId, channel.contact(e.companyId), data);
    },
    'announcement.saved': async (e, held) => toEveryCompany({ action: e.created ? 'create' : 'update', record: (await held()).view }),
    'announcement.deleted': async (e) => toEveryCompany({ action: 'delete', id: e.announcementId }),
    'queue.updated': async (e, held) => void (await publish(e.companyId, channel.queue(e.companyId), { action: 'update', queue: (await held()).view }, { kind: 'company' })),
    'queue.deleted': async (e) => void (await publish(e.companyId, channel.queue(e.companyId), { action: 'delete', queueId: e.queueId }, { kind: 'company' })),
    'quickMessage.created': quickMessageChange,
    'quickMessage.updated': quickMessageChange,
    'quickMessage.deleted': quickMessageChange,
    'rating.updated': async (e, held) => void (await publish(e.companyId, channel.rating(e.companyId), { action: 'update', rating: (await held()).view }, { kind: 'admins' })),
    'rating.deleted': async (e) => void (await publish(e.companyId, channel.rating(e.companyId), { action: 'delete', ratingId: e.ratingId }, { kind: 'admins' })),
    'schedule.updated': async (e, held) => void (await publish(e.companyId, channel.schedule(e.companyId), { action: e.created ? 'create' : 'update', schedule: (await held()).view }, { kind: 'company' })),
    'schedule.deleted': async (e) => void (await publish(e.companyId, channel.schedule(e.companyId), { action: 'delete', scheduleId: e.scheduleId }, { kind: 'company' })),
    'tag.saved': async (e, held) => void (await publish(e.companyId, channel.tag(e.companyId), { action: e.created ? 'create' : 'update', tag: (await held()).view }, { kind: 'company' })),
    'tag.deleted': async (e) => void (await publish(e.companyId, channel.tag(e.companyId), { action: 'delete', tagId: e.tagId }, { kind: 'company' })),
    'contactList.saved': async (e, held) => void (await publish(e.companyId, channel.contactList(e.companyId), { action: e.created ? 'create' : 'update', record: (await held()).view }, { kind: 'admins' })),
    'contactList.deleted': async (e) => void (await publish(e.companyId, channel.contactList(e.companyId), { action: 'delete', id: e.contactListId }, { kind: 'admins' })),
    'contactListItem.saved': async (e, held) => void (await publish(e.companyId, channel.contactListItem(e.companyId), { action: e.created ? 'create' : 'update', contactListId: e.contactListId, record: (await held()).view }, { kind: 'admins' })),
    'contactListItem.deleted': async (e) => void (await publish(e.companyId, channel.contactListItem(e.companyId), { action: 'delete', contactListId: e.contactListId, id: e.itemId }, { kind: 'admins' })),
    'campaign.saved': async (e, held) => void (await publish(e.companyId, channel.campaign(e.companyId), { action: e.created ? 'create' : 'update', record: (await held()).view }, { kind: 'admins' })),
    'campaign.deleted': async (e) => void (await publish(e.companyId, channel.campaign(e.companyId), { action: 'delete', id: e.campaignId }, { kind: 'admins' })),
    'connection.created': connectionChange,
    'connection.updated': connectionChange,
    'connection.deleted': async (e) => void (await publish(e.companyId, channel.whatsapp(e.companyId), { action: 'delete', whatsappId: e.whatsappId }, { kind: 'company' })),
    'connection.status': async (e, held) => void (await publish(e.companyId, channel.whatsappSession(e.companyId), { action: 'update', session: sessionView((await held()).connection) }, { kind: 'admins' })),
    'user.created': async (e, held) => void (await announceUser(e.companyId, { action: 'create', user: (await held()).user })),
    'user.updated': async (e, held) => void (await announceUser(e.companyId, { action: 'update', user: (await held()).user })),
    'user.deleted': async (e) => void (await announceUser(e.companyId, { action: 'delete', user: { id: e.userId }, userId: e.userId })),
    'user.status': async (e) => void (await publish(e.companyId, channel.user(e.companyId), { action: 'update', user: { id: e.userId, online: e.online } })),
    'setting.updated': async (e, held) => {
      const setting = isSecretSetting(e.key) ? { key: e.key } : { key: e.key, value: (await held()).value };
      await publish(e.companyId, channel.settings(e.companyId), { action: 'update', setting });
    },
    // Every user of the company: the admin's checkout finishes, and everyone's session reads the new due date.
    'invoice.paid': async (e, held) => void (await publish(e.companyId, channel.payment(e.companyId), (await held()).payment, { kind: 'company' })),
    'session.replaced': async (e) => void (await publish(e.companyId, channel.auth(e.companyId), { action: 'update', user: { id: e.userId }, sessionId: e.sessionId }, { kind: 'users', userIds: [e.userId] })),
  },
};
