/** Which driver runs a channel's session. */
import type { DriverFactory } from './driver';
import { BaileysDriver } from './baileys';
import { SandboxDriver } from './sandbox';

export function createDriverFactory(): DriverFactory {
  return (channel, ctx) => {
    if (channel === 'sandbox') return new SandboxDriver(ctx);
    if (channel === 'whatsapp') return new BaileysDriver(ctx);
    throw new Error(`no session driver for channel ${channel}`);
  };
}
