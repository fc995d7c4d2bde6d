/**
 * A campaign's life as the sender sees it (BEHAVIOUR.md "Campaigns"): begin, program, cancel,
 * restart, pause on a channel's signal, forget. The routes (API helper) call these; the tick calls
 * `beginCampaign` for a programmed one whose time came. Every transition is a conditional write on
 * RUN (EM_ANDAMENTO ⇄ CANCELADA, → FINALIZADA) that bumps the generation, so the jobs of the
 * generation before it (stage, plan, send, the host's claim) find they are stale and do nothing.
 * The campaign item's status mirrors RUN's; the view announced reads both.
 */
import type { CampaignView } from '@conversa/shared/schemas/campaigns';
import { type Campaign, getCampaign } from '../../adapters/db/campaigns';
import {
  deleteRun, getRun, listRunning, putRunning, removeRunning, setCampaignStatus, startRun, stopRun, type RunState,
} from '../../adapters/db/campaign-runs';
import { enqueue } from '../../adapters/queue';
import { QUEUE } from '../../adapters/queue-config';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import { announceCampaign, campaignNames, campaignView } from './announce';
import { tellAdminsOfPause } from './pause-notice';
import type { StageMessage } from './stage';

/** A campaign whose time is this close starts at once (POST/PUT with scheduledAt ≤ now + 1 min). */
export const START_AT_ONCE_MS = 60_000;


async function viewOf(c: Campaign, run: RunState | undefined): Promise<CampaignView> {
  return campaignView(c, run, await campaignNames(c));
}

async function loadCampaign(cid: number, id: number): Promise<Campaign> {
  const c = await getCampaign(cid, id);
  if (!c) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  return c;
}

/** Why a run cannot begin: it has no connection or list. */
function checkStartable(c: Campaign): number {
  if (!c.whatsappId || !c.contactListId) throw new AppError('ERR_CAMPAIGN_NEEDS_TARGET');
  return c.whatsappId;
}

/**
 * Starts a campaign now (INATIVA or PROGRAMADA → EM_ANDAMENTO): RUN's next generation from `now`,
 * the campaign item's status, the registry for the planner, and the staging job. ERR_CAMPAIGN_STATUS
 * when it runs, ran or was cancelled already.
 */
export async function beginCampaign(c: Campaign, now = new Date()): Promise<CampaignView> {
  const whatsappId = checkStartable(c);
  const run = await startRun(c.companyId, c.id, whatsappId, now, false);
  if (!run) throw new AppError('ERR_CAMPAIGN_STATUS');
  return running(c, run, now);
}

async function running(c: Campaign, run: RunState, now: Date): Promise<CampaignView> {
  await putRunning({ companyId: c.companyId, campaignId: c.id, whatsappId: run.whatsappId, kind: 'running', nextAt: now.toISOString() });
  await enqueue(QUEUE.campaignStage, { companyId: c.companyId, campaignId: c.id, gen: run.gen } satisfies StageMessage);
  const after = (await setCampaignStatus(c.companyId, c.id, 'EM_ANDAMENTO', { pausedReason: null })) ?? c;
  const view = await viewOf(after, run);
  await announceCampaign(view, 'update');
  log.info('campaign: started', { companyId: c.companyId, campaignId: c.id, gen: run.gen, restart: run.restaged });
  return view;
}

/**
 * After a campaign is saved: a PROGRAMADA one with its time within a minute starts at once
 * (answers 'started'); a later one is registered for the tick at its time ('programmed'); an
 * INATIVA one, or one without a time, leaves the registry ('inactive'). Running, cancelled and
 * finished campaigns are the run's business: 'unchanged'.
 */
export async function programCampaign(c: Campaign, now = new Date()): Promise<'started' | 'programmed' | 'inactive' | 'unchanged'> {
  if (c.status !== 'PROGRAMADA' && c.status !== 'INATIVA') return 'unchanged';
  if (c.status === 'PROGRAMADA' && c.scheduledAt) {
    if (Date.parse(c.scheduledAt) <= now.getTime() + START_AT_ONCE_MS) {
      await beginCampaign(c, now);
      return 'started';
    }
    await putRunning({ companyId: c.companyId, campaignId: c.id, whatsappId: c.whatsappId, kind: 'programmed', nextAt: c.scheduledAt });
    return 'programmed';
  }
  await removeRunning(c.companyId, c.id);
  return 'inactive';
}

/** The tick: a programmed campaign whose time came starts (unless it changed meanwhile). */
export async function beginIfDue(cid: number, id: number, now = new Date()): Promise<boolean> {
  const c = await getCampaign(cid, id);
  if (!c || c.status !== 'PROGRAMADA' || !c.scheduledAt) {
    await removeRunning(cid, id);
    return false;
  }
  if (Date.parse(c.scheduledAt) > now.getTime() + START_AT_ONCE_MS) {
    await putRunning({ companyId: cid, campaignId: id, whatsappId: c.whatsappId, kind: 'programmed', nextAt: c.scheduledAt });
    return false;
  }
  try {
    await beginCampaign(c, now);
    return true;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    log.warn('campaign: programmed campaign could not start', { companyId: cid, campaignId: id, code: err.code });
    await removeRunning(cid, id);
    return false;
  }
}

/** Stops a running campaign (EM_ANDAMENTO → CANCELADA): what is not sent stays pending; `pausedReason` when a channel's signal paused it. */
async function stop(cid: number, id: number, pausedReason: string | null): Promise<CampaignView> {
  const run = await stopRun(cid, id, 'CANCELADA');
  if (!run) {
    await loadCampaign(cid, id);
    throw new AppError('ERR_CAMPAIGN_STATUS');
  }
  await removeRunning(cid, id);
  const c = (await setCampaignStatus(cid, id, 'CANCELADA', { pausedReason })) ?? (await loadCampaign(cid, id));
  const view = await viewOf(c, run);
  await announceCampaign(view, 'update');
  log.info('campaign: stopped', { companyId: cid, campaignId: id, pausedReason });
  return view;
}

/** POST /campaigns/{id}/cancel: nothing more goes out once this answers (the hosts read RUN before each claim). */
export function cancelCampaign(cid: number, id: number): Promise<CampaignView> {
  return stop(cid, id, null);
}

/** POST /campaigns/{id}/restart: CANCELADA → EM_ANDAMENTO, a new generation from now; only the still-pending recipients are planned again. */
export async function restartCampaign(cid: number, id: number, now = new Date()): Promise<CampaignView> {
  const c = await loadCampaign(cid, id);
  const whatsappId = checkStartable(c);
  const run = await startRun(cid, id, whatsappId, now, true);
  if (!run) throw new AppError('ERR_CAMPAIGN_STATUS');
  return running(c, run, now);
}

/**
 * A ban or rate signal from connection `whatsappId`: every running campaign of the company on it
 * pauses (CANCELADA with the reason; the rest stays pending) and the admins are told, live (the
 * campaign's update) and by e-mail. Answers the campaigns paused.
 */
export async function pauseCampaignsOf(cid: number, whatsappId: number, reason: string): Promise<number[]> {
  const entries = await listRunning('9999', cid);
  const paused: CampaignView[] = [];
  for (const e of entries.filter((x) => x.kind === 'running' && x.whatsappId === whatsappId)) {
    try {
      paused.push(await stop(cid, e.campaignId, reason));
    } catch (err) {
      if (!(err instanceof AppError)) throw err; // already stopped by a twin signal or a cancel
    }
  }
  if (paused.length) await tellAdminsOfPause(cid, paused, reason);
  return paused.map((v) => v.id);
}

/** DELETE /campaigns/{id}: out of the registry, RUN gone (its jobs then do nothing), the recipients purged in the background. */
export async function forgetCampaign(cid: number, id: number): Promise<void> {
  await removeRunning(cid, id);
  const run = await getRun(cid, id);
  await deleteRun(cid, id);
  if (run) await enqueue(QUEUE.campaignStage, { companyId: cid, campaignId: id, purge: true } satisfies StageMessage);
}
