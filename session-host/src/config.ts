/** The session host's own settings (the shared ones come from functions' `env()`). */
import { hostname } from 'node:os';
import { z } from 'zod';
import { DEFAULT_LINGER_MS } from './send-batcher';

const HostEnv = z.object({
  HOST_ID: z.string().min(1).max(100).optional(),
  MAX_SESSIONS: z.coerce.number().int().positive().default(20),
  /** Allow `whatsapp` sessions (Baileys). Off, the host runs only sandbox sessions. */
  WHATSAPP_ENABLED: z.enum(['true', 'false']).default('true'),
  /** How long a sandbox QR lasts before the next one (a compressed clock for pairing tests and benches). */
  SANDBOX_QR_TTL_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** How long an inbound envelope waits for others to share its SendMessageBatch (send-batcher.ts). */
  PUBLISH_LINGER_MS: z.coerce.number().int().min(0).max(1_000).default(DEFAULT_LINGER_MS),
});

export type HostConfig = { hostId: string; maxSessions: number; whatsappEnabled: boolean; sandboxQrTtlMs: number; publishLingerMs: number };

export function hostConfig(source: NodeJS.ProcessEnv = process.env): HostConfig {
  const parsed = HostEnv.safeParse(source);
  if (!parsed.success) throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const e = parsed.data;
  return { hostId: e.HOST_ID ?? `${hostname()}-${process.pid}`, maxSessions: e.MAX_SESSIONS, whatsappEnabled: e.WHATSAPP_ENABLED === 'true', sandboxQrTtlMs: e.SANDBOX_QR_TTL_MS, publishLingerMs: e.PUBLISH_LINGER_MS };
}
