/**
 * A campaign job on the channel (the session host's outbound consumer and the Graph worker): RUN
 * read strongly (a cancel stops the sends at once), the recipient claimed (pending or confirmed,
 * of this generation, unclaimed — like a message's claimSend), the send, then the outcome on the
 * recipient (sent / confirmation_requested with the channel id, or failed with the reason), the
 * external index item that lets acks and the phone's echo find the recipient (no ticket is ever
 * opened for it), and a SendResult for the inbound worker. A refusal that is a rate-limit or ban
 * signal leaves the recipient pending and the SendResult carries the signal: the campaigns on the
 * connection pause.
 */
import type { OutboundJob, SendResult } from '@conversa/shared/channels';
import { signalOf } from '@conversa/shared/send-signals';
import { changeRecipient, claimRecipient, getRecipient, getRun } from '../../adapters/db/campaign-runs';
import { indexCampaignExternal } from '../../adapters/db/messages';

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
  if (!(await claimRecipient(cid, t.campaignId, t.itemId, t.gen, d.claimant, 24 * 3600_000))) {
    const r = await getRecipient(cid, t.campaignId, t.itemId);
    const claim = r && (r.status === 'pending' || r.status === 'confirmed') && r.gen === t.gen ? r.sendClaim : undefined;
    if (!claim || claim.host === d.claimant) {
      d.log.info('campaign send: already sent, answered or being sent by this process; skipped', where);
      return 'done';
    }
    if (claim.at < (d.runningSince ?? Infinity) || Date.now() - claim.at >= d.interruptedAfterMs) {
      // A sender died between claim and outcome: it may have gone out; never risk a duplicate.
      await changeRecipient(cid, t.campaignId, t.itemId, { from: ['pending', 'confirmed'], to: 'failed', gen: t.gen, set: { reason: 'send interrupted (host restarted); not retried to avoid a duplicate' }, unclaim: true });
      d.log.warn('campaign send: interrupted send marked failed', where);
      return 'done';
    }
    return 'retry';
  }
  const result = (extra: Partial<SendResult>): SendResult => ({ kind: 'sent', companyId: cid, whatsappId: job.whatsappId, chatId: job.chatId, campaign: t, timestamp: Date.now(), ...extra });
  let externalId: string;
  try {
    ({ externalId } = await d.send(job));
  } catch (err) {
    const reason = String((err as Error).message ?? err).slice(0, 500) || 'send failed';
    const signal = signalOf(err);
    const retry = !signal && !!d.retryable?.(err);
    if (signal || retry) {
      // Not sent: it stays as it was, unclaimed (a signal: the campaigns on the connection pause and a restart sends it).
      for (const status of ['pending', 'confirmed'] as const) await changeRecipient(cid, t.campaignId, t.itemId, { from: [status], to: status, gen: t.gen, set: { reason }, unclaim: true });
      if (retry) return 'retry';
    } else {
      await changeRecipient(cid, t.campaignId, t.itemId, { from: ['pending', 'confirmed'], to: 'failed', gen: t.gen, set: { reason }, unclaim: true });
    }
    d.log.warn('campaign send: failed', { ...where, reason, signal });
    await d.publish(result({ error: reason, ...(signal ? { signal } : {}) }));
    return 'done';
  }
  const at = new Date().toISOString();
  await indexCampaignExternal(cid, job.whatsappId, externalId, t.campaignId, t.itemId);
  await changeRecipient(
    cid, t.campaignId, t.itemId,
    t.confirmation
      ? { from: ['pending'], to: 'confirmation_requested', gen: t.gen, set: { confirmationRequestedAt: at }, unclaim: true }
      : { from: ['pending', 'confirmed'], to: 'sent', gen: t.gen, set: { externalId, sentAt: at, reason: null }, unclaim: true },
  );
  await d.publish(result({ externalId }));
  d.log.info('campaign send: sent', { ...where, externalId, confirmation: !!t.confirmation });
  return 'done';
}
