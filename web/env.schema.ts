import { z } from 'zod';

/**
 * The SPA's environment (Vite `VITE_*` variables). Vite inlines them at build time, so they are
 * parsed here, when `vite` starts (dev or build): a bad value stops it with a list of what is
 * wrong, and the app receives the parsed, defaulted object (see src/config/env.ts). Keeping zod
 * out of the browser's entry chunk saves ~30 KB gzip on the login page.
 */
export const EnvSchema = z.object({
  /** Base of the REST API; same origin by default. */
  VITE_API_URL: z.string().min(1).default('/api'),
  /** WebSocket endpoint; derived from the page's host when absent (`ws(s)://<host>/ws`). */
  VITE_WS_URL: z.string().regex(/^wss?:\/\//, 'must start with ws:// or wss://').optional(),
  /** Support number for the floating WhatsApp button of the login page (digits); hidden when absent. */
  VITE_SUPPORT_WHATSAPP: z.string().regex(/^\d{8,15}$/, 'digits only, 8 to 15').optional(),
  /** The connections page's "chat with support" link (opens in a new tab); else wa.me with the number above; else hidden. */
  VITE_SUPPORT_CHAT_URL: z.string().regex(/^https?:\/\/\S+$/, 'must be an http(s) URL').optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(raw: Record<string, string | undefined>): Env {
  const known = Object.keys(EnvSchema.shape);
  const cleaned = Object.fromEntries(Object.entries(raw).filter(([k, v]) => known.includes(k) && v !== '' && v !== undefined));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment for @conversa/web:\n${lines}`);
  }
  return result.data;
}
