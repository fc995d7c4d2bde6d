/**
 * Ban and rate signals of a channel (BEHAVIOUR.md "Campaigns"): a send that failed because the
 * number is being limited or blocked. The drivers and the Graph client throw errors carrying
 * `signal` (a SendError, or a GraphError whose code is one of Meta's); the senders read it with
 * signalOf and report it (SendResult.signal), and a campaign that meets one pauses.
 *   - 'rate_limit': WhatsApp (Baileys) "rate-overlimit"; Cloud API 131048 (spam rate limit hit),
 *     131056 (pair rate limit hit).
 *   - 'banned': the WhatsApp session closed as banned (Baileys' DisconnectReason.forbidden, 403);
 *     Cloud API 368 (temporarily blocked for policy violations).
 */
import { SEND_SIGNALS, type SendSignal } from './channels';

export { SEND_SIGNALS, type SendSignal };

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

/**
 * The signal an error carries: its `signal` (drivers and the Graph client set it), else what its
 * code or text says — WhatsApp's rate-overlimit, Cloud API codes 131048 / 131056 (rate) and 368
 * (blocked).
 */
export function signalOf(err: unknown): SendSignal | undefined {
  const e = err as { signal?: unknown; code?: unknown; message?: unknown } | null | undefined;
  if ((SEND_SIGNALS as readonly unknown[]).includes(e?.signal)) return e!.signal as SendSignal;
  if (e?.code === 131048 || e?.code === 131056) return 'rate_limit';
  if (e?.code === 368) return 'banned';
  const text = String(e?.message ?? err);
  if (/rate-overlimit/i.test(text)) return 'rate_limit';
  if (/\bbanned\b|loggedOut.*(ban|block)/i.test(text)) return 'banned';
  return undefined;
}
