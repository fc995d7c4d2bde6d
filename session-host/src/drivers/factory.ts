/** Which driver runs a channel's session. */
import type { DriverFactory } from './driver';
import { BaileysDriver } from './baileys';
import { SandboxDriver, SANDBOX_TIMINGS, type SandboxTimings } from './sandbox';

export function createDriverFactory(sandbox: Partial<SandboxTimings> = {}): DriverFactory {
  const timings = { ...SANDBOX_TIMINGS, ...sandbox };
  return (channel, ctx) => {
    if (channel === 'sandbox') return new SandboxDriver(ctx, timings);
    if (channel === 'whatsapp') return new BaileysDriver(ctx);
    throw new Error(`no session driver for channel ${channel}`);
  };
}
