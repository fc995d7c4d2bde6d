/**
 * The environment, parsed with zod (env.schema.ts) when Vite starts and inlined here as a plain
 * object; tests and tools without Vite get the schema's defaults.
 */
import type { Env } from '../../env.schema';

declare const __APP_ENV__: Env | undefined;

export type { Env };

export const env: Env = typeof __APP_ENV__ !== 'undefined' ? __APP_ENV__ : { VITE_API_URL: '/api' };

export function wsUrl(): string {
  if (env.VITE_WS_URL) return env.VITE_WS_URL;
  const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${window.location.host}/ws`;
}

/** Where "chat with support" leads: the configured chat URL, else WhatsApp with the support number; none hides the button. */
export function supportChatUrl(e: Env = env): string | undefined {
  if (e.VITE_SUPPORT_CHAT_URL) return e.VITE_SUPPORT_CHAT_URL;
  return e.VITE_SUPPORT_WHATSAPP ? `https://wa.me/${e.VITE_SUPPORT_WHATSAPP}` : undefined;
}
