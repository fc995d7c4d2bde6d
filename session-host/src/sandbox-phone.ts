/** The sandbox-phone consumer: what people or tests play on a sandbox phone, routed to the session's driver. */
import type { SandboxPhoneMessage } from '@conversa/shared/schemas/sandbox';
import { QUEUE } from '@conversa/functions/adapters/queue-config';
import { QueueConsumer, type Disposition } from './consumer';
import { SandboxDriver } from './drivers/sandbox';
import type { Log } from './log';
import type { SessionManager } from './manager';
import { notHere } from './outbound';
import type { QueueMessage, QueuePort } from './queue-port';

export function createSandboxPhoneHandler(o: { manager: SessionManager; log: Log }): (m: QueueMessage) => Promise<Disposition> {
  return async (m) => {
    let msg: SandboxPhoneMessage;
    try {
      msg = JSON.parse(m.body) as SandboxPhoneMessage;
    } catch {
      o.log.error('sandbox-phone: bad message (left for the DLQ)', { messageId: m.id });
      return 'retry';
    }
    if (!Number.isInteger(msg.companyId) || !Number.isInteger(msg.whatsappId) || !msg.id || !msg.from) {
      o.log.error('sandbox-phone: bad message (left for the DLQ)', { messageId: m.id });
      return 'retry';
    }
    const driver = o.manager.driverFor(msg.companyId, msg.whatsappId);
    if (!(driver instanceof SandboxDriver) || !driver.isConnected()) return driver ? 'retry' : notHere(msg.companyId, msg.whatsappId, o.manager.hostId);
    for (const e of driver.deliver({ ...msg, name: msg.name ?? '', body: msg.body ?? '' })) await o.manager.publish(e);
    return 'done';
  };
}

export function createSandboxPhoneConsumer(o: { queue: QueuePort; manager: SessionManager; log: Log; waitSeconds?: number }): QueueConsumer {
  return new QueueConsumer({ queue: o.queue, name: QUEUE.sandboxPhone, handle: createSandboxPhoneHandler(o), log: o.log, waitSeconds: o.waitSeconds, active: () => o.manager.countRunning('sandbox') > 0 });
}
