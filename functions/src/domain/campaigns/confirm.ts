/**
 * The reply to a confirmation campaign (BEHAVIOUR.md "Campaigns"), in the inbound pipeline: the
 * next message from a number a confirmation is awaited from, on that connection, is consumed (no
 * ticket): an opt-out word (sair, parar, stop, cancelar) opts the number out of every campaign of
 * the company; any other text confirms, and the campaign message is queued at once. A redelivery
 * of the same inbound message is consumed again (idempotent); a later message is a normal one.
 */
import type { InboundMessage } from '@conversa/shared/channels';
import { isOptOutWord } from '@conversa/shared/schemas/campaigns';
import { answerAwaited, changeRecipient, getRun, putOptOut, type AwaitedConfirmation } from '../../adapters/db/campaign-runs';
import { enqueue } from '../../adapters/queue';
import { QUEUE } from '../../adapters/queue-config';
import { log } from '../../lib/log';
import type { SendJob } from './send';

/** The number an awaited confirmation is keyed by: a one-to-one chat's digits. */
export const confirmationDigits = (m: Pick<InboundMessage, 'chatId' | 'isGroup' | 'fromMe'>): string | undefined => (m.isGroup || m.fromMe || !/^\d{6,20}$/.test(m.chatId) ? undefined : m.chatId);

/** Answers whether the message was the awaited answer (then it is consumed: nothing more is done with it). */
export async function consumeConfirmation(m: InboundMessage, awaited: AwaitedConfirmation | undefined): Promise<boolean> {
  const digits = confirmationDigits(m);
  if (!digits || !awaited || (awaited.answeredBy && awaited.answeredBy !== m.externalId)) return false;
  if (!(await answerAwaited(m.companyId, m.whatsappId, digits, awaited, m.externalId))) return false;
  const cid = m.companyId;
  const at = new Date(m.timestamp).toISOString();
  if (isOptOutWord(m.body)) {
    await putOptOut(cid, digits, awaited.campaignId);
    await changeRecipient(cid, awaited.campaignId, awaited.itemId, { from: ['confirmation_requested', 'pending', 'confirmed'], to: 'opted_out', set: { reason: 'opt-out' } });
    log.info('campaign: number opted out', { companyId: cid, campaignId: awaited.campaignId, itemId: awaited.itemId });
    return true;
  }
  // The campaign message follows at once, in the run's current generation (a restart since the confirmation was asked moved it on).
  const run = await getRun(cid, awaited.campaignId);
  const gen = run?.gen ?? awaited.gen;
  const confirmed = await changeRecipient(cid, awaited.campaignId, awaited.itemId, { from: ['confirmation_requested'], to: 'confirmed', set: { confirmedAt: at, gen } });
  if (confirmed || m.externalId === awaited.answeredBy) {
    await enqueue(QUEUE.campaignSends, { companyId: cid, campaignId: awaited.campaignId, gen, itemId: awaited.itemId } satisfies SendJob);
  }
  return true;
}
