/**
 * The 24-hour reply window of the non-WhatsApp channels (spec 1 §2): after the customer's last
 * message, the business may answer for 24 hours.
 */
export const REPLY_WINDOW_MS = 24 * 3600_000;
const WINDOWED = new Set(['wppoficial', 'facebook', 'instagram']);

export type ReplyWindow =
  | { kind: 'none' } // WhatsApp and the sandbox: no window
  | { kind: 'waiting' } // no customer message yet
  | { kind: 'open'; msLeft: number; closesAt: Date }
  | { kind: 'closed'; closedAt: Date };

export function replyWindow(channel: string, lastInboundAt: string | null, now: number = Date.now()): ReplyWindow {
  if (!WINDOWED.has(channel)) return { kind: 'none' };
  if (!lastInboundAt) return { kind: 'waiting' };
  const closesAt = new Date(new Date(lastInboundAt).getTime() + REPLY_WINDOW_MS);
  const msLeft = closesAt.getTime() - now;
  return msLeft > 0 ? { kind: 'open', msLeft, closesAt } : { kind: 'closed', closedAt: closesAt };
}

/** '5h 03min' / '42min' for the time left. */
export function formatLeft(ms: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.ceil(ms / 60_000));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}
