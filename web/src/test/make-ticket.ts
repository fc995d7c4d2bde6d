import type { TicketView } from '@conversa/shared/schemas/tickets';

/** A ticket for tests, with what differs given. */
export function makeTicket(patch: Partial<TicketView> = {}): TicketView {
  const id = patch.id ?? 1;
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    status: 'pending',
    contactId: 10 + id,
    contact: { id: 10 + id, name: `Cliente ${id}`, number: '5511999990000', email: '', profilePicUrl: '', isGroup: false, channel: 'whatsapp' },
    whatsappId: 1,
    whatsapp: { id: 1, name: 'Vendas', channel: 'whatsapp' },
    channel: 'whatsapp',
    queueId: 5,
    queue: { id: 5, name: 'Suporte', color: '#ff0000' },
    userId: null,
    user: null,
    isGroup: false,
    isBot: false,
    lastMessage: 'oi',
    lastMessageAt: '2025-01-01T10:00:00.000Z',
    lastInboundAt: null,
    unreadMessages: 0,
    tags: [],
    queuedAt: '2025-01-01T10:00:00.000Z',
    acceptedAt: null,
    closedAt: null,
    flow: null,
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:00:00.000Z',
    ...patch,
  };
}
