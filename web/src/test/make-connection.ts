import type { ConnectionView as Connection } from '@conversa/shared/channels';

/** A connection for tests, with what differs given. */
export function makeConnection(patch: Partial<Connection> = {}): Connection {
  return {
    id: 1,
    companyId: 1,
    name: 'Vendas',
    channel: 'whatsapp',
    status: 'CONNECTED',
    qrcode: '',
    number: '5511999990000',
    isDefault: true,
    greetingMessage: 'Olá!',
    complationMessage: 'Até logo',
    outOfHoursMessage: 'Fora do horário',
    ratingMessage: 'Avalie',
    token: 'tok_123',
    queueIds: [],
    reopenWindowMinutes: 30,
    allowGroups: true,
    desired: 'run',
    desiredAt: '2025-01-01T00:00:00.000Z',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...patch,
  };
}
