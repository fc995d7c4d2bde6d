/**
 * The Graph channels' customer-service window: a business may answer freely for 24 hours after
 * the customer's last message; afterwards only approved templates go out (Cloud API) or the
 * message is refused (Messenger / Instagram outside the human-agent tag).
 */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

export function replyWindow(lastInboundAt: Date | undefined, now: Date = new Date()): { open: boolean; closesAt?: string } {
  if (!lastInboundAt || Number.isNaN(lastInboundAt.getTime())) return { open: false };
  const closes = lastInboundAt.getTime() + REPLY_WINDOW_MS;
  return { open: now.getTime() < closes, closesAt: new Date(closes).toISOString() };
}
