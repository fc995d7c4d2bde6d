import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WsConnection } from './db/ws-connections';

const asked: ((rows: WsConnection[]) => void)[] = [];
vi.mock('./db/ws-connections', () => ({
  companyConnections: vi.fn(() => new Promise<WsConnection[]>((resolve) => asked.push(resolve))),
  deleteConnection: vi.fn(),
}));
const { publish } = await import('./realtime');

afterEach(() => {
  asked.length = 0;
});

describe('realtime connections look-up', () => {
  it('publishes asking while a look-up is in flight share it; one asking after it answered looks up again', async () => {
    const first = publish(1, 'company-1-ticket', { action: 'updateUnread', ticketId: 1 });
    const second = publish(1, 'company-1-queue', { action: 'delete', queueId: 1 });
    const otherCompany = publish(2, 'company-2-ticket', { action: 'updateUnread', ticketId: 1 });
    await Promise.resolve();
    expect(asked).toHaveLength(2); // company 1 once, company 2 once
    asked[0]!([]);
    asked[1]!([]);
    await Promise.all([first, second, otherCompany]);
    const third = publish(1, 'company-1-ticket', { action: 'updateUnread', ticketId: 1 });
    await Promise.resolve();
    expect(asked).toHaveLength(3); // nothing kept: a socket connected meanwhile would be found
    asked[2]!([]);
    await third;
  });
});
