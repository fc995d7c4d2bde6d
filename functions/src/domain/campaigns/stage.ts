/**
 * Staging (queue campaign-stage, BEHAVIOUR.md "Campaigns"): one recipient per list item, keyed by
 * campaign and item, with its variant, its filled texts and its planned offset. Pages of the list
 * in item order; RUN keeps where it stands (`stagedThrough`, the pace), so a retried or continued
 * job goes on from the last page done and a re-run of a page writes identical records (the draws
 * are seeded by campaign, generation and item). A first start writes with BatchWriteItem (1 WCU a
 * recipient); a restart writes each item only if it is new or still pending (a sent, answered or
 * opted-out recipient is never touched), planning the pending ones again from the new start.
 */
import { variantsOf, type CampaignSettings, type CampaignTemplate } from '@conversa/shared/schemas/campaigns';
import {
  advanceStaging, getRun, listItemsAfter, purgeRecipients, putRecipientIfPending, recipientStatuses, putRecipients, type RunState, type StagedRecipient,
} from '../../adapters/db/campaign-runs';
import { getCampaign, type Campaign } from '../../adapters/db/campaigns';
import type { ContactListItem } from '../../adapters/db/contact-lists';
import { enqueue } from '../../adapters/queue';
import { QUEUE } from '../../adapters/queue-config';
import { log } from '../../lib/log';
import { planCampaign } from './queue-sends';
import { campaignSettings } from './settings';
import { drawsFor, fillVariables, nextOffset, PACE_START, type Pace } from './plan';

/** List items a page (four BatchWriteItem calls). */
export const STAGE_PAGE = 100;
/** A restart's conditional puts in flight at once. */
const RESTAGE_PARALLEL = 10;

/** A template's body parameters for one recipient: each from its variable, else its fixed text. */
export function templateParams(t: CampaignTemplate, who: { name: string; number: string; email: string }, s: CampaignSettings): string[] {
  return t.params.map((p) => (p.variable ? fillVariables(`{${p.variable}}`, who, s.variables) : (p.text ?? '')));
}

/** One list item's recipient for generation `gen`, and the pace after it (an invalid number is staged, counted, never sent, and takes no time). */
export function recipientOf(c: Campaign, gen: number, item: Pick<ContactListItem, 'id' | 'name' | 'number' | 'email' | 'isWhatsappValid'>, s: CampaignSettings, pace: Pace): { r: StagedRecipient; pace: Pace } {
  const messages = variantsOf(c, 'message');
  const confirmations = variantsOf(c, 'confirmation');
  const who = { name: item.name ?? '', number: item.number ?? '', email: item.email ?? '' };
  const { variant, jitter } = drawsFor(c.companyId, c.id, gen, item.id, messages.length);
  const invalid = item.isWhatsappValid === false;
  const after = invalid ? pace : nextOffset(pace, jitter, s);
  const r: StagedRecipient = {
    companyId: c.companyId, campaignId: c.id, itemId: item.id, gen,
    name: who.name.slice(0, 200), number: who.number, email: who.email.slice(0, 200),
    body: messages.length ? fillVariables(messages[variant]!, who, s.variables) : '',
    variant: messages.length ? variant + 1 : null,
    ...(c.confirmation && confirmations.length ? { confirmationBody: fillVariables(confirmations[variant % confirmations.length]!, who, s.variables) } : {}),
    ...(c.template ? { params: templateParams(c.template, who, s) } : {}),
    offsetMs: after.offsetMs,
    status: invalid ? 'invalid' : 'pending',
    reason: invalid ? 'ERR_WAPP_INVALID_CONTACT' : null,
    sentAt: null, deliveredAt: null, readAt: null, confirmationRequestedAt: null, confirmedAt: null,
  };
  return { r, pace: after };
}

/**
 * Works on generation `gen`'s staging until `timeLeft()` is under `reserveMs`: answers 'done'
 * (every item staged, or the job is stale: another generation, a stop, a twin ahead of it) or
 * 'more' (queue the job again).
 */
export async function stageCampaign(cid: number, id: number, gen: number, timeLeft: () => number, reserveMs = 10_000): Promise<'done' | 'more'> {
  let run: RunState | undefined = await getRun(cid, id);
  if (!run || run.gen !== gen || run.status !== 'EM_ANDAMENTO' || run.staged) return 'done';
  const c = await getCampaign(cid, id);
  if (!c?.contactListId) return 'done';
  const s = await campaignSettings(cid);
  let through = run.stagedThrough;
  let pace: Pace = run.stagedSends ? { offsetMs: run.stagedOffsetMs ?? 0, sends: run.stagedSends } : PACE_START;
  // At least one page a run (a short-lived invocation still moves on), then while time is left.
  for (let first = true; first || timeLeft() > reserveMs; first = false) {
    const items = await listItemsAfter(cid, c.contactListId, through, STAGE_PAGE);
    // A restart plans only the new and the still-pending: the rest keep what they are.
    const before = run.restaged && items.length ? await recipientStatuses(cid, id, items.map((i) => i.id)) : undefined;
    const staged: StagedRecipient[] = [];
    for (const item of items) {
      const was = before?.get(item.id);
      if (was && was !== 'pending') continue;
      const next = recipientOf(c, gen, item, s, pace);
      staged.push(next.r);
      pace = next.pace;
    }
    if (run.restaged) await restage(staged);
    else if (staged.length) await putRecipients(staged);
    const last = items.length ? items[items.length - 1]!.id : (through ?? 0);
    const done = items.length < STAGE_PAGE;
    if (!(await advanceStaging(cid, id, gen, through, { through: last, offsetMs: pace.offsetMs, sends: pace.sends, done }))) {
      log.info('campaign staging: stale job stops', { companyId: cid, campaignId: id, gen });
      return 'done';
    }
    through = last;
    if (done) return 'done';
    run = { ...run, stagedThrough: last };
  }
  return 'more';
}

/** A restart's page: each recipient written only where it is new or still pending. */
async function restage(rs: StagedRecipient[]): Promise<void> {
  for (let i = 0; i < rs.length; i += RESTAGE_PARALLEL) await Promise.all(rs.slice(i, i + RESTAGE_PARALLEL).map((r) => putRecipientIfPending(r)));
}

/** The stager's queue message: stage a generation, or purge a deleted campaign. */
export type StageMessage = { companyId: number; campaignId: number; gen: number } | { companyId: number; campaignId: number; purge: true };

/** One stage-queue message, for the Lambda's time: queued again when there is more; the first sends planned at once (not at the next tick). */
export async function workOnStageJob(msg: StageMessage, timeLeft: () => number): Promise<void> {
  if ('purge' in msg) {
    if (await purgeRecipients(msg.companyId, msg.campaignId)) await enqueue(QUEUE.campaignStage, msg);
    return;
  }
  if ((await stageCampaign(msg.companyId, msg.campaignId, msg.gen, timeLeft)) === 'more') await enqueue(QUEUE.campaignStage, msg);
  await planCampaign(msg.companyId, msg.campaignId);
}
