/**
 * A campaign job on the channel (the session host's outbound consumer and the Graph worker): RUN
 * read strongly (a cancel stops the sends at once), then one write that claims the recipient and
 * records it sent (adapters/db/campaign-runs.ts claimRecipient) under the message id derived from
 * it (message-ref.ts: acks and the phone's echo find the recipient from that id, no index item, no
 * ticket), then the send. Only a failure writes again: a rate-limit or ban signal, or a failure
 * worth another try, puts the recipient back where it was (the SendResult carries the signal: the
 * campaigns on the connection pause); any other failure marks it failed with the reason.
 * A sender that died between its claim and the send leaves the recipient `sent` with its claim:
 * the job's redelivery notes that it may not have gone out (never sends it again).
 */
import type { OutboundJob, SendResult } from '@conversa/shared/channels';
import type { RecipientStatus } from '@conversa/shared/schemas/campaigns';
import { signalOf } from '@conversa/shared/send-signals';
import { changeRecipient, claimRecipient, getRecipient, getRun } from '../../adapters/db/campaign-runs';
import { campaignMessageId } from './message-ref';

export type CampaignSendDeps = {
  send(job: OutboundJob): Promise<{ externalId: string }>;
  publish(r: SendResult): Promise<void>;
  /** Who claims (host id + boot, or the Graph worker's request). */
  claimant: string;
  /** When this sender began running the session (a claim from before it is a dead sender's). */
  runningSince?: number;
  /** A claim older than this without an outcome is a send interrupted by a crash. */
  interruptedAfterMs: number;
  log: { info(m: string, d?: object): void; warn(m: string, d?: object): void };
  /** A failure worth another try (the Graph API's 429 and 5xx): the claim is let go and the job retried. */
  retryable?(err: unknown): boolean;
};

/** 'retry': another sender holds the claim right now (or the error is worth another try). */
export type CampaignSendOutcome = 'done' | 'retry';

export { signalOf };

export async function deliverCampaignJob(job: OutboundJob, d: CampaignSendDeps): Promise<CampaignSendOutcome> {
  const t = job.campaign!;
  const cid = job.companyId;
  const where = { companyId: cid, campaignId: t.campaignId, itemId: t.itemId, gen: t.gen };
  const run = await getRun(cid, t.campaignId);
  // A confirmed recipient's message still follows once the campaign finished its planned sends.
  if (!run || run.gen !== t.gen || (run.status !== 'EM_ANDAMENTO' && !(run.status === 'FINALIZADA' && !t.confirmation))) {
    d.log.info('campaign send: stale job (cancelled, restarted or deleted), nothing sent', where);
    return 'done';
  }
  const from: readonly RecipientStatus[] = t.confirmation ? ['pending'] : ['pending', 'confirmed'];
  const to: RecipientStatus = t.confirmation ? 'confirmation_requested' : 'sent';
  const presetId = campaignMessageId(cid, t);
  const was = await claimRecipient(cid, t.campaignId, t.itemId, { gen: t.gen, from, to, externalId: presetId, at: new Date().toISOString(), host: d.claimant });
  if (!was) {
    const r = await getRecipient(cid, t.campaignId, t.itemId);
    const claim = r && r.status === to && r.gen === t.gen && r.externalId === presetId && !r.reason ? r.sendClaim : undefined;
    if (claim && claim.host !== d.claimant && (claim.at < (d.runningSince ?? -Infinity) || Date.now() - claim.at >= d.interruptedAfterMs)) {
      // Its sender died between the claim and the end of the send: it may not have gone out; never risk a duplicate.
      await changeRecipient(cid, t.campaignId, t.itemId, { from: [to], to, gen: t.gen, set: { reason: 'send interrupted (sender restarted): it may not have gone out; not retried to avoid a duplicate' } });
      d.log.warn('campaign send: interrupted send noted', where);
    } else d.log.info('campaign send: already sent, answered or being sent; skipped', where);
    return 'done';
  }
  const result = (extra: Partial<SendResult>): SendResult => ({ kind: 'sent', companyId: cid, whatsappId: job.whatsappId, chatId: job.chatId, campaign: t, timestamp: Date.now(), ...extra });
  try {
    await d.send({ ...job, presetId });
  } catch (err) {
    const reason = String((err as Error).message ?? err).slice(0, 500) || 'send failed';
    const signal = signalOf(err);
    const retry = !signal && !!d.retryable?.(err);
    // Not sent: back where it was, unclaimed (a signal: the campaigns on the connection pause and a restart sends it); else failed.
    await changeRecipient(cid, t.campaignId, t.itemId, { from: [to], to: signal || retry ? was : 'failed', gen: t.gen, set: { reason }, unclaim: true });
    d.log.warn('campaign send: failed', { ...where, reason, signal });
    await d.publish(result({ error: reason, ...(signal ? { signal } : {}) }));
    return retry ? 'retry' : 'done';
  }
  d.log.info('campaign send: sent', { ...where, externalId: presetId, confirmation: !!t.confirmation });
  return 'done';
}
