/**
 * The tick's part in campaigns: the registry (`P#CAMPRUN`) entries whose next work is due within
 * the horizon — a programmed campaign whose time came starts; a running one's planner queues the
 * sends of the next minutes (and finishes it once nothing is pending).
 */
import { listRunning } from '../../adapters/db/campaign-runs';
import { log } from '../../lib/log';
import { planCampaign } from './queue-sends';
import { beginIfDue, START_AT_ONCE_MS } from './run';

/** Answers how many sends were queued. */
export async function runCampaigns(now: Date): Promise<number> {
  // A running campaign's nextAt is already its next send less the horizon; a programmed one's is its time.
  const entries = await listRunning(new Date(now.getTime() + START_AT_ONCE_MS).toISOString());
  let queued = 0;
  for (const e of entries) {
    try {
      if (e.kind === 'programmed') await beginIfDue(e.companyId, e.campaignId, now);
      else if (Date.parse(e.nextAt) <= now.getTime()) queued += (await planCampaign(e.companyId, e.campaignId, now.getTime())).queued;
    } catch (err) {
      log.error('campaign tick: campaign failed', { companyId: e.companyId, campaignId: e.campaignId, err: String(err) });
    }
  }
  return queued;
}
