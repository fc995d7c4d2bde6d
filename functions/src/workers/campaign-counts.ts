/**
 * Campaign counters from the table's stream (workers/streams.ts, entity campaignRecipient, INSERT
 * and MODIFY): one ADD per campaign and batch (domain/campaigns/counts.ts), then the campaign's
 * view on the `campaign` channel, so the report fills live without a write per recipient.
 */
import middy from '@middy/core';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { RecipientStatus } from '@conversa/shared/schemas/campaigns';
import { addCounts, readCampaign } from '../adapters/db/campaign-runs';
import { announceCampaign, campaignNames, campaignView } from '../domain/campaigns/announce';
import { tallyRecipients, type RecipientImage } from '../domain/campaigns/counts';
import { log } from '../lib/log';

function imageOf(r: DynamoDBRecord): RecipientImage | undefined {
  const img = r.dynamodb?.NewImage;
  if ((r.eventName !== 'INSERT' && r.eventName !== 'MODIFY') || img?.entity?.S !== 'campaignRecipient') return undefined;
  return {
    event: r.eventName, companyId: Number(img.companyId?.N), campaignId: Number(img.campaignId?.N),
    status: img.status?.S as RecipientStatus, ...(img.prevStatus?.S ? { prevStatus: img.prevStatus.S as RecipientStatus } : {}),
  };
}

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>().handler(async (event) => {
  const images = event.Records.map(imageOf).filter((i): i is RecipientImage => !!i);
  for (const [key, deltas] of tallyRecipients(images)) {
    const [cid, id] = key.split('#').map(Number) as [number, number];
    try {
      const run = await addCounts(cid, id, deltas);
      const c = run ? await readCampaign(cid, id) : undefined;
      if (c && run) await announceCampaign(campaignView(c, run, await campaignNames(c)), 'update');
    } catch (err) {
      // Counted once: a failed announcement is only logged (the next batch announces again).
      log.warn('campaign counts: batch of a campaign failed', { companyId: cid, campaignId: id, err: String(err) });
    }
  }
  return { batchItemFailures: [] };
});
