/**
 * Campaign counters from the table's stream (workers/streams.ts, entity campaignRecipient, INSERT
 * and MODIFY): one ADD per campaign and batch (domain/campaigns/counts.ts), then the campaign's
 * view on the `campaign` channel, so the report fills live without a write per recipient.
 */
import middy from '@middy/core';
import { invocationContext } from '../lib/invocation';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { RecipientStatus } from '@conversa/shared/schemas/campaigns';
import { countRecipients, type RecipientImage } from '../domain/campaigns/counts';

function imageOf(r: DynamoDBRecord): RecipientImage | undefined {
  const img = r.dynamodb?.NewImage;
  if ((r.eventName !== 'INSERT' && r.eventName !== 'MODIFY') || img?.entity?.S !== 'campaignRecipient') return undefined;
  return {
    event: r.eventName, companyId: Number(img.companyId?.N), campaignId: Number(img.campaignId?.N),
    status: img.status?.S as RecipientStatus, ...(img.prevStatus?.S ? { prevStatus: img.prevStatus.S as RecipientStatus } : {}),
  };
}

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>().use(invocationContext()).handler(async (event) => {
  // Counted once: a failure is logged per campaign (domain/campaigns/counts.ts), never retried into a double count.
  await countRecipients(event.Records.map(imageOf).filter((i): i is RecipientImage => !!i));
  return { batchItemFailures: [] };
});
