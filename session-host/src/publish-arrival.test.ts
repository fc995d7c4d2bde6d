import { describe, expect, it } from 'vitest';
import type { InboundEnvelope } from '@conversa/shared/channels';
import { SessionManager } from './manager';
import { silentLog } from './log';
import type { QueuePort } from './queue-port';

describe('the host publishing inbound messages', () => {
  it('stamps each message with its arrival once, increasing even within one millisecond; updates stay as they are', async () => {
    const sent: InboundEnvelope[] = [];
    const queue = { send: async (_q: string, body: unknown) => void sent.push(body as InboundEnvelope) } as unknown as QueuePort;
    const manager = new SessionManager({ hostId: 'h1', queue, driverFactory: () => undefined as never, log: silentLog });
    const base = { companyId: 1, whatsappId: 2, chatId: '5511999990000', timestamp: 1_710_000_000_000 };
    const msg = (externalId: string): InboundEnvelope => ({ ...base, kind: 'message', externalId, isGroup: false, fromMe: false, contactName: '', altIds: [], body: externalId });
    await Promise.all(['A', 'B', 'C'].map((id) => manager.publish(msg(id))));
    await manager.publish({ ...base, kind: 'update', externalId: 'A', ack: 3 });
    const stamps = sent.flatMap((e) => (e.kind === 'message' ? [e.receivedAt!] : []));
    expect(stamps).toHaveLength(3);
    expect(stamps[0]! < stamps[1]! && stamps[1]! < stamps[2]!).toBe(true);
    expect(sent[3]).not.toHaveProperty('receivedAt');
    // A message that already carries its arrival keeps it.
    await manager.publish({ ...(msg('D') as Extract<InboundEnvelope, { kind: 'message' }>), receivedAt: 42 });
    expect((sent[4] as { receivedAt: number }).receivedAt).toBe(42);
  });
});
