/**
 * The planner (the tick, every minute; the stager after each slice): for a running campaign whose
 * next work is due within the horizon, the pending recipients after RUN's cursor whose planned
 * time (startedAt + shiftMs + offsetMs) falls within the horizon go to the campaign-sends queue
 * with the delay left (≤ 15 min), once the connection's daily cap has room for them; what does not
 * fit rolls to the next day at the same pace (shiftMs). The cursor then moves conditionally, so a
 * twin tick queues nothing twice (a duplicate job is harmless anyway: the sender and the host
 * check). Once every recipient is queued and nothing is pending, the campaign is FINALIZADA.
 */
import { enqueueBatch } from '../../adapters/queue';
import { QUEUE } from '../../adapters/queue-config';
import { advanceQueued, changeRecipient, getRun, recipientSk, recipientsAfter, removeRunning, reserveCap, setCampaignStatus, setNextAt, setShift, stopRun } from '../../adapters/db/campaign-runs';
import { env } from '../../lib/config';
import { log } from '../../lib/log';
import { announceCampaign, campaignNames, campaignView } from './announce';
import { capDay, rollOver } from './plan';
import type { SendJob } from './send';
import { campaignSettings } from './settings';

/** How far ahead sends are queued (SQS delays stop at 15 minutes). */
export const HORIZON_MS = 10 * 60_000;
const PAGE = 200;

export type PlanOutcome = { queued: number; finished: boolean };

/**
 * The campaign clock: planned offsets, shifts and the horizon are campaign time; CAMPAIGN_TIME_SCALE
 * (1 in production) is how many real seconds one of them takes — on a local stack whose
 * campaign-sends queue runs its SQS seconds shrunk the same way (1000 × scale ms), so the queue's
 * delays stay whole seconds of its clock.
 */
const clock = () => env().CAMPAIGN_TIME_SCALE;

export async function planCampaign(cid: number, id: number, now = Date.now()): Promise<PlanOutcome> {
  const run = await getRun(cid, id);
  if (!run || run.status !== 'EM_ANDAMENTO') {
    if (!run || run.status !== 'CANCELADA') await removeRunning(cid, id).catch(() => undefined);
    return { queued: 0, finished: false };
  }
  if (!run.startedAt || run.stagedThrough === undefined) return { queued: 0, finished: false };
  const startedAt = Date.parse(run.startedAt);
  const scale = clock();
  const plannedAt = (offsetMs: number, shift: number) => startedAt + (shift + offsetMs) * scale;
  const through = run.staged ? 'R#~' : recipientSk(run.stagedThrough);
  let cursor = run.queuedThrough;
  let shiftMs = run.shiftMs;
  let queued = 0;
  let nextPlanned: number | undefined;
  let cap: number | undefined;
  for (;;) {
    const { recipients, last } = await recipientsAfter(cid, id, cursor, through, PAGE);
    const jobs: { body: SendJob; delaySeconds: number; sk: string; planned: number }[] = [];
    let pageCursor = cursor;
    let stopped = false;
    for (const r of recipients) {
      const sk = recipientSk(r.itemId);
      if (r.status === 'pending' && r.gen === run.gen) {
        const planned = plannedAt(r.offsetMs, shiftMs);
        if (planned > now + HORIZON_MS * scale) {
          nextPlanned = planned;
          stopped = true;
          break;
        }
        jobs.push({ body: { companyId: cid, campaignId: id, gen: run.gen, itemId: r.itemId }, delaySeconds: Math.max(0, (planned - now) / 1000 / scale), sk, planned });
      }
      pageCursor = sk;
    }
    // The daily cap: the day of the first send decides (a page spans minutes, not days).
    if (jobs.length) {
      cap ??= (await campaignSettings(cid)).dailyCap;
      const got = await reserveCap(cid, run.whatsappId, capDay(jobs[0]!.planned), jobs.length, cap);
      if (got < jobs.length) {
        const first = jobs[got]!;
        shiftMs += (rollOver(0, first.planned, startedAt) / scale);
        jobs.length = got;
        pageCursor = got ? jobs[got - 1]!.sk : cursor;
        nextPlanned = plannedAt(recipients.find((r) => recipientSk(r.itemId) === first.sk)!.offsetMs, shiftMs);
        stopped = true;
        log.info('campaign: daily cap reached, the rest rolls to the next day', { companyId: cid, campaignId: id, shiftMs });
      }
      await enqueueBatch(QUEUE.campaignSends, jobs);
      queued += jobs.length;
    }
    if (pageCursor !== cursor) {
      if (!(await advanceQueued(cid, id, run.gen, cursor, { through: pageCursor!, offsetMs: 0, shiftMs }))) return { queued, finished: false };
      cursor = pageCursor;
    } else if (shiftMs !== run.shiftMs) await setShift(cid, id, run.gen, shiftMs);
    if (stopped || !last || recipients.length < PAGE) break;
  }
  if (nextPlanned !== undefined) {
    await setNextAt(cid, id, new Date(nextPlanned - HORIZON_MS * scale).toISOString());
    return { queued, finished: false };
  }
  return { queued, finished: run.staged ? await finishIfDone(cid, id, run.gen, plannedAt(run.stagedOffsetMs ?? 0, shiftMs) + STUCK_AFTER_MS * scale, now) : false };
}

/**
 * A recipient still pending this long after the last planned send lost its job (it failed every
 * try and went to a dead-letter queue): it is marked failed, so the campaign can finish and the
 * report says so, instead of the campaign running for ever.
 */
export const STUCK_AFTER_MS = 60 * 60_000;
export const STUCK_REASON = 'não enviada: o envio falhou em todas as tentativas (fila de erros)';

/** Everything queued: FINALIZADA once nothing is pending any more (the stream's counters say so). */
async function finishIfDone(cid: number, id: number, gen: number, stuckAt: number, now: number): Promise<boolean> {
  const run = await getRun(cid, id);
  if (run && run.gen === gen && run.counts.pending > 0 && now >= stuckAt) {
    const failed = await failStuck(cid, id, gen);
    if (failed) log.warn('campaign: recipients whose send was lost marked failed', { companyId: cid, campaignId: id, failed });
    return false; // the counters follow through the stream; a later tick finishes
  }
  // The stream's counters lag: every staged send must be counted before "nothing pending" means anything.
  if (!run || run.gen !== gen || run.counts.pending > 0 || run.counts.valid < (run.stagedSends ?? 0)) return false;
  const done = await stopRun(cid, id, 'FINALIZADA', gen);
  if (!done) return false;
  await removeRunning(cid, id);
  const c = await setCampaignStatus(cid, id, 'FINALIZADA', { completedAt: done.completedAt ?? new Date().toISOString() });
  if (c) await announceCampaign(campaignView(c, done, await campaignNames(c)), 'update');
  log.info('campaign: finished', { companyId: cid, campaignId: id });
  return true;
}

async function failStuck(cid: number, id: number, gen: number): Promise<number> {
  let after: string | undefined;
  let failed = 0;
  for (;;) {
    const { recipients, last } = await recipientsAfter(cid, id, after, 'R#~', PAGE);
    for (const r of recipients) {
      if (r.status === 'pending' && r.gen === gen && (await changeRecipient(cid, id, r.itemId, { from: ['pending'], to: 'failed', gen, set: { reason: STUCK_REASON } }))) failed += 1;
    }
    if (!last || recipients.length < PAGE) return failed;
    after = last;
  }
}
