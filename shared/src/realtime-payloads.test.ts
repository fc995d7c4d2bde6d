import { describe, expect, it } from 'vitest';
import type { ContactListItemView, ContactListView } from './schemas/contact-lists';
import type { ConnectionView } from './channels';
import { channel } from './realtime';
import { REALTIME_PAYLOADS, channelKeyOf, parsePayload, type ChannelKey, type ChannelName } from './realtime-payloads';
import type { UserView } from './schemas/auth';
import type { ContactView } from './schemas/contacts';
import type { MessageView } from './schemas/messages';
import type { QueueView } from './schemas/queues';
import type { QuickMessageView } from './schemas/quick-messages';
import type { RatingView } from './schemas/ratings';
import type { ScheduleView } from './schemas/schedules';
import { EMPTY_COUNTS, type CampaignView } from './schemas/campaigns';
import type { TagRecord } from './schemas/tags';
import type { TicketView } from './schemas/tickets';

const at = '2025-05-10T10:00:00.000Z';

// The views as functions/src builds them (ticket-view.ts, message-view.ts, contact-view.ts, ...).
const ticket: TicketView = {
  id: 4, uuid: '6f1c2f7e-0c55-4c1e-9d0e-6a1f4c7f2b10', status: 'pending', contactId: 9,
  contact: { id: 9, name: 'Maria', number: '5511999990000', email: '', profilePicUrl: '', isGroup: false, channel: 'sandbox' },
  whatsappId: 2, whatsapp: { id: 2, name: 'Demo (sandbox)', channel: 'sandbox' }, channel: 'sandbox',
  queueId: 1, queue: { id: 1, name: 'Atendimento', color: '#2576d2' }, userId: null, user: null,
  isGroup: false, isBot: true, lastMessage: 'Olá', lastMessageAt: at, lastInboundAt: at, unreadMessages: 1,
  tags: [{ id: 3, name: 'VIP', color: '#ff0000' }], queuedAt: at, acceptedAt: null, closedAt: null, flow: null, createdAt: at, updatedAt: at,
};
const message: MessageView = {
  id: '01JV0000000000000000000000', ticketId: 4, contactId: 9, body: 'Olá', fromMe: false, mediaType: null, mediaUrl: null,
  mimetype: null, filename: null, quotedMsg: { id: '01JU', body: 'Bom dia', fromMe: true, mediaType: null, contactName: null },
  ack: 0, isDeleted: false, isEdited: false, isForwarded: false, read: false, participant: null,
  reactions: [{ emoji: '👍', from: '5511999990000', fromMe: false }], error: null, userId: null, transcription: null, createdAt: at, updatedAt: at,
};
const contact: ContactView = {
  id: 9, name: 'Maria', number: '55119****0000', email: '', empresa: '', channel: 'sandbox', isGroup: false, profilePicUrl: '',
  disableBot: false, acceptAudioMessage: true, active: true, extraInfo: [{ id: '1', name: 'CPF', value: '123' }], createdAt: at, updatedAt: at,
};
const user: UserView & { twoFactor: boolean } = {
  id: 5, name: 'Agente', email: 'agent@demo.local', profile: 'user', super: false, companyId: 2, queueIds: [1], whatsappId: null,
  startWork: '08:00', endWork: '18:00', farewellMessage: '', allUserChat: false, online: true, createdAt: at, twoFactor: false,
};
// sessionView(): the stored connection without its token, provider and scanned QR (storage extras such as rev stay: the schema ignores them).
const session: Omit<ConnectionView, 'token'> & { rev: number; scannedAt: string } = {
  id: 2, companyId: 2, name: 'Demo (sandbox)', channel: 'sandbox', status: 'qrcode', qrcode: 'conversa-sandbox:2:abc', number: '',
  isDefault: true, greetingMessage: '', complationMessage: '', outOfHoursMessage: '', ratingMessage: '', queueIds: [1],
  reopenWindowMinutes: 0, allowGroups: false, desired: 'run', desiredAt: at, createdAt: at, updatedAt: at, rev: 3, scannedAt: at,
};
const queue: QueueView = {
  id: 1, name: 'Atendimento', color: '#2576d2', greetingMessage: 'Bem-vindo', outOfHoursMessage: '', orderQueue: null,
  typebotUrl: null, typebotName: null, urlFlow: null, tokenFlow: null, flowId: null,
  schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }],
  chatbots: [{
    id: 1, queueId: 1, parentId: null, name: 'Vendas', greetingMessage: 'Escolha', optionType: 'text', mediaKey: null, mediaName: null,
    isAgent: false, forwardQueueId: null, order: 0,
    options: [{ id: 2, queueId: 1, parentId: 1, name: 'Catálogo', greetingMessage: 'catalogo.pdf', optionType: 'file', mediaKey: 'companies/2/q/catalogo.pdf', mediaName: 'catalogo.pdf', mimetype: 'application/pdf', isAgent: true, forwardQueueId: null, order: 0, options: [] }],
  }],
  createdAt: at, updatedAt: at,
};
const quick: QuickMessageView = { id: 7, shortcode: 'oi', message: 'Olá!', geral: true, userId: 1, mediaKey: null, mediaName: null, mediaType: null, mimetype: null, createdAt: at, updatedAt: at };
const rating: RatingView = { id: 3, name: 'Satisfação', message: 'Avalie', geral: true, options: [{ name: 'Bom', value: 3 }], userId: 1, createdAt: at, updatedAt: at };

const schedule: ScheduleView = {
  id: 8, body: 'Lembrete da consulta', sendAt: at, sentAt: null, status: 'ERRO', error: 'ERR_NO_WAPP_FOUND', contactId: 9, contact: { id: 9, name: 'Maria' },
  userId: 1, whatsappId: 2, daysR: 0, campId: null, mediaName: null, mimetype: null, createdAt: at, updatedAt: at,
};

const tag: TagRecord = {
  id: 6, name: 'Proposta', color: '#0b7a75', kanban: 1, userId: 1, ticketsCount: 2, actCamp: 1, msgR: 'Olá!', rptDays: 3, mediaName: null, mimetype: null, createdAt: at, updatedAt: at,
};

const campaign: CampaignView = {
  id: 13, name: 'Black Friday', message1: 'Olá {nome}!', message2: '', message3: '', message4: '', message5: '',
  confirmationMessage1: '', confirmationMessage2: '', confirmationMessage3: '', confirmationMessage4: '', confirmationMessage5: '',
  status: 'CANCELADA', confirmation: false, scheduledAt: at, completedAt: null, whatsappId: 2, contactListId: 11, companyId: 2, mediaPath: null, mediaName: null, template: null,
  contactList: { id: 11, name: 'Clientes VIP' }, whatsapp: { id: 2, name: 'Loja', channel: 'sandbox' }, pausedReason: 'rate_limit',
  counts: { ...EMPTY_COUNTS, total: 2, valid: 2, pending: 1, sent: 1 }, createdAt: at, updatedAt: at,
};
const contactList: ContactListView = { id: 11, name: 'Clientes VIP', contactsCount: 2, createdAt: at, updatedAt: at };
const listItem: ContactListItemView = { id: 12, name: 'Maria', number: '5511999990001', email: '', empresa: 'Loja', isWhatsappValid: true, companyId: 2, contactListId: 11, createdAt: at, updatedAt: at };

/** Every payload the server publishes today, by channel (functions/src: the publish calls). */
const published: { [K in ChannelKey]: unknown[] } = {
  user: [{ action: 'create', user }, { action: 'update', user }, { action: 'update', user: { id: 5, online: false } }, { action: 'delete', user: { id: 5 }, userId: 5 }],
  auth: [{ action: 'update', user: { id: 5 }, sessionId: 'fam-2' }, { action: 'ended', user: { id: 5 }, sessionId: 'fam-1' }],
  settings: [{ action: 'update', setting: { key: 'userRating', value: 'enabled' } }, { action: 'update', setting: { key: 'groqApiKey' } }],
  whatsapp: [{ action: 'update', whatsapp: session }, { action: 'delete', whatsappId: 2 }],
  whatsappSession: [{ action: 'update', session }],
  ticket: [{ action: 'update', ticket }, { action: 'removeFromList', ticketId: 4 }, { action: 'delete', ticketId: 4 }, { action: 'updateUnread', ticketId: 4 }],
  appMessage: [{ action: 'create', message, ticket, contact: { ...contact, number: '5511999990000' } }, { action: 'create', message: { ...message, fromMe: true, userId: 5 }, ticket }, { action: 'update', message: { ...message, ack: 3 }, ticket }],
  contact: [{ action: 'create', contact }, { action: 'update', contact }, { action: 'delete', contactId: 9 }, { action: 'delete', contactIds: [9, 10] }],
  queue: [{ action: 'update', queue }, { action: 'delete', queueId: 1 }],
  quickMessage: [{ action: 'create', record: quick }, { action: 'update', record: quick }, { action: 'delete', id: 7 }],
  rating: [{ action: 'update', rating }, { action: 'delete', ratingId: 3 }],
  payment: [{ action: 'CONCLUIDA', invoiceId: 20261210, txid: 'a'.repeat(32), valor: '99.00', dueDate: '2027-01-10' }],
  announcement: [
    { action: 'create', record: { id: 4, title: 'Novidade', text: 'Texto', priority: 1, status: true, mediaName: null, mediaPath: null, mediaType: null, createdAt: at, updatedAt: at } },
    { action: 'delete', id: 4 },
  ],
  schedule: [{ action: 'create', schedule }, { action: 'update', schedule }, { action: 'delete', scheduleId: 8 }],
  tag: [{ action: 'create', tag }, { action: 'update', tag }, { action: 'delete', tagId: 6 }],
  contactList: [{ action: 'create', record: contactList }, { action: 'update', record: { ...contactList, contactsCount: 3 } }, { action: 'delete', id: 11 }],
  contactListItem: [{ action: 'create', contactListId: 11, record: listItem }, { action: 'update', contactListId: 11, record: { ...listItem, isWhatsappValid: null } }, { action: 'delete', contactListId: 11, id: 12 }],
  campaign: [{ action: 'create', record: { ...campaign, status: 'INATIVA', pausedReason: null } }, { action: 'update', record: campaign }, { action: 'delete', id: 13 }],
};

/** What the schemas leave out: the connection's storage fields that sessionView() keeps. */
const withoutStorageExtras = (p: unknown): unknown => JSON.parse(JSON.stringify(p, (k, v: unknown) => (k === 'rev' || k === 'scannedAt' ? undefined : v)));

const keys = Object.keys(channel) as ChannelKey[];
const nameOf = (k: ChannelKey): ChannelName => channel[k](2);

describe('realtime payloads (what the browser receives)', () => {
  it('every channel has a schema, found by its name', () => {
    expect(Object.keys(REALTIME_PAYLOADS).sort()).toEqual([...keys].sort());
    for (const k of keys) expect(channelKeyOf(nameOf(k))).toBe(k);
    expect(channelKeyOf('company-2-whatsappSessions')).toBeUndefined();
    expect(channelKeyOf('company-announcement')).toBeUndefined();
  });

  it.each(keys)('what the server publishes on %s parses, whole (storage extras aside)', (k) => {
    for (const payload of published[k]) expect(parsePayload(nameOf(k), payload)).toEqual({ success: true, data: withoutStorageExtras(payload) });
  });

  it('a full user update keeps the user; a status update keeps id and online', () => {
    const full = parsePayload(channel.user(2), { action: 'update', user });
    expect(full.success && full.data.user).toEqual(user);
    const status = parsePayload(channel.user(2), { action: 'update', user: { id: 5, online: false } });
    expect(status.success && status.data.user).toEqual({ id: 5, online: false });
  });

  it('a payload missing a field the server always sends does not parse (the SPA drops it)', () => {
    const { body: _body, ...noBody } = message;
    const { contact: _contact, ...noContact } = ticket;
    expect(parsePayload(channel.appMessage(2), { action: 'create', message: noBody, ticket }).success).toBe(false);
    expect(parsePayload(channel.ticket(2), { action: 'update', ticket: noContact }).success).toBe(false);
    expect(parsePayload(channel.ticket(2), { action: 'delete' }).success).toBe(false);
    expect(parsePayload(channel.queue(2), { action: 'create', queue }).success).toBe(false);
    expect(parsePayload(channel.user(2), { action: 'update', user: { id: 9 } }).success).toBe(false);
    expect(parsePayload('company-2-chat' as ChannelName, { action: 'new-message' })).toMatchObject({ success: false, error: 'no channel is named company-2-chat' });
  });
});
