import { NEEDS_ATTENTION, type ConnectionStatus } from '@conversa/shared/channels';

/** The drawer's connections badge (spec 1 §2): on while any connection needs someone to look. */
export function needsAttention(connections: readonly { status: ConnectionStatus }[] | undefined): boolean {
  return (connections ?? []).some((c) => NEEDS_ATTENTION.includes(c.status));
}

/** The list is read this long after the layout loads (spec 1 §2), then kept live by the socket. */
export const ATTENTION_CHECK_DELAY_MS = 2000;
