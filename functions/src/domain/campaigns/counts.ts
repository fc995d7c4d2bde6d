/**
 * A campaign's live counters (RUN.counts), kept from the table's stream: each recipient INSERT
 * counts it (total, valid or invalid, its status), each MODIFY whose `prevStatus` differs from its
 * status moves one from the old status to the new. Pure tallies here; the worker adds them with one
 * ADD per campaign and batch (workers/campaign-counts.ts) and announces the campaign.
 */
import { getCampaign } from '../../adapters/db/campaigns';
import type { CampaignCounts, RecipientStatus } from '@conversa/shared/schemas/campaigns';
import { addCounts } from '../../adapters/db/campaign-runs';
import { log } from '../../lib/log';
import { announceCampaign, campaignNames, campaignView } from './announce';

export const COUNT_OF: Record<RecipientStatus, keyof CampaignCounts> = {
  pending: 'pending', confirmation_requested: 'confirmationRequested', confirmed: 'confirmed', sent: 'sent', delivered: 'delivered',
  read: 'read', failed: 'failed', opted_out: 'optedOut', invalid: 'invalid',
};

export type RecipientImage = { event: 'INSERT' | 'MODIFY'; companyId: number; campaignId: number; status: RecipientStatus; prevStatus?: RecipientStatus };

/** The deltas of a batch, per campaign (`<cid>#<id>`). */
export function tallyRecipients(images: readonly RecipientImage[]): Map<string, Partial<Record<keyof CampaignCounts, number>>> {
  const out = new Map<string, Partial<Record<keyof CampaignCounts, number>>>();
  const add = (k: string, field: keyof CampaignCounts, n: number) => {
    const d = out.get(k) ?? {};
    d[field] = (d[field] ?? 0) + n;
    out.set(k, d);
  };
  for (const i of images) {
    const k = `${i.companyId}#${i.campaignId}`;
    if (!COUNT_OF[i.status]) continue;
    if (i.event === 'INSERT') {
      add(k, 'total', 1);
      add(k, i.status === 'invalid' ? 'invalid' : 'valid', 1);
      if (i.status !== 'invalid') add(k, COUNT_OF[i.status], 1);
    } else if (i.prevStatus && i.prevStatus !== i.status && COUNT_OF[i.prevStatus]) {
      add(k, COUNT_OF[i.prevStatus], -1);
      add(k, COUNT_OF[i.status], 1);
    }
  }
  return out;
}

/** A stream batch: one ADD per campaign, then the campaign's view on its channel (a failure is logged; the counts are not retried twice). */
export async function countRecipients(images: readonly RecipientImage[]): Promise<void> {
  for (const [key, deltas] of tallyRecipients(images)) {
    const [cid, id] = key.split('#').map(Number) as [number, number];
    try {
      const run = await addCounts(cid, id, deltas);
      const c = run ? await getCampaign(cid, id) : undefined;
      if (c && run) await announceCampaign(campaignView(c, run, await campaignNames(c)), 'update');
    } catch (err) {
      log.warn('campaign counts: batch of a campaign failed', { companyId: cid, campaignId: id, err: String(err) });
    }
  }
}
