import { describe, expect, it, vi } from 'vitest';
import type { OutboundJob } from '@conversa/shared/channels';
import { createOutboundHandler } from './outbound';
import type { SessionManager } from './manager';
import type { QueuePort } from './queue-port';

const log = { info: () => {}, warn: () => {}, error: () => {}, child: () => log } as never;

describe('outbound presence jobs', () => {
  it('go to the driver as presence (typing / recording), with no send claim and no send result', async () => {
    const driver = { isConnected: () => true, presence: vi.fn(async () => {}), send: vi.fn() };
    const publish = vi.fn();
    const manager = { driverFor: () => driver, publish, hostId: 'h1' } as unknown as SessionManager;
    const handle = createOutboundHandler({ queue: {} as QueuePort, manager, claimant: 'h1#1', log });
    const job: OutboundJob = { companyId: 1, whatsappId: 2, ticketId: 3, messageId: 'presence-1', chatId: '5511999990000', isGroup: false, action: 'presence', body: 'composing', isForwarded: false };
    expect(await handle({ id: 'm1', receiptHandle: 'r', body: JSON.stringify(job), receiveCount: 1 })).toBe('done');
    expect(driver.presence).toHaveBeenCalledWith('5511999990000', 'composing', false);
    expect(driver.send).not.toHaveBeenCalled();
    expect(publish).not.toHaveBeenCalled();
  });
});
