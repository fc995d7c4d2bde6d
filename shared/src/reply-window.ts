/**
 * The 24-hour reply window of the Graph channels (spec 1 §2): a business may answer freely for
 * 24 hours after the customer's last message; afterwards only approved templates go out (Cloud
 * API) or the message is refused (Messenger / Instagram outside the human-agent tag). WhatsApp
 * and the sandbox have no window.
 */
import type { Channel } from './channels';

export const REPLY_WINDOW_MS = 24 * 3600_000;
const WINDOWED: readonly string[] = ['wppoficial', 'facebook', 'instagram'] satisfies Channel[];

export type ReplyWindow =
  | { kind: 'none' } // WhatsApp and the sandbox: no window
  | { kind: 'waiting' } // no customer message yet (or no readable time of one)
  | { kind: 'open'; msLeft: number; closesAt: Date }
  | { kind: 'closed'; closedAt: Date };

/** `lastInboundAt`: when the customer last wrote (ISO), as the ticket carries it. */
export function replyWindow(channel: string, lastInboundAt: string | null | undefined, now: number = Date.now()): ReplyWindow {
  if (!WINDOWED.includes(channel)) return { kind: 'none' };
  const last = lastInboundAt ? Date.parse(lastInboundAt) : Number.NaN;
  if (Number.isNaN(last)) return { kind: 'waiting' };
  const closesAt = new Date(last + REPLY_WINDOW_MS);
  const msLeft = closesAt.getTime() - now;
  return msLeft > 0 ? { kind: 'open', msLeft, closesAt } : { kind: 'closed', closedAt: closesAt };
}
