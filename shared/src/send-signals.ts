/**
 * Ban and rate signals of a channel (BEHAVIOUR.md "Campaigns"): a send that failed because the
 * number is being limited or blocked. The drivers and the Graph client throw errors carrying
 * `signal` (a SendError, or a GraphError whose code is one of Meta's); the senders read it with
 * signalOf and report it, and a campaign that meets one pauses.
 *   - 'rate_limit': WhatsApp (Baileys) "rate-overlimit"; Cloud API 131048 (spam rate limit hit),
 *     131056 (pair rate limit hit).
 *   - 'banned': the WhatsApp session closed as banned (Baileys' DisconnectReason.forbidden, 403);
 *     Cloud API 368 (temporarily blocked for policy violations).
 */
export const SEND_SIGNALS = ['rate_limit', 'banned'] as const;
export type SendSignal = (typeof SEND_SIGNALS)[number];

/** A send failure; `signal` when the channel says the number is being limited or blocked. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly signal?: SendSignal,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

/** The signal an error carries (any error with a `signal` property of SEND_SIGNALS), else undefined. */
export function signalOf(err: unknown): SendSignal | undefined {
  const s = (err as { signal?: unknown } | null | undefined)?.signal;
  return (SEND_SIGNALS as readonly unknown[]).includes(s) ? (s as SendSignal) : undefined;
}
