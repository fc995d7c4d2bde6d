/**
 * The campaign stager's queue worker (domain/campaigns/stage.ts): one job per record — stage a
 * generation's recipients, or purge a deleted campaign's. A job works until its Lambda has a few
 * seconds left, then queues itself again to go on where RUN's progress stands.
 */
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { z } from 'zod';
import { workOnStageJob } from '../domain/campaigns/stage';
import { log } from '../lib/log';
import { invocationContext } from '../lib/invocation';

const Id = z.number().int().positive();
const StageMessage = z.union([z.object({ companyId: Id, campaignId: Id, purge: z.literal(true) }), z.object({ companyId: Id, campaignId: Id, gen: Id })]);

export const handler = middy<SQSEvent, SQSBatchResponse>().use(invocationContext()).handler(async (event, context: Context) => {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      await workOnStageJob(StageMessage.parse(JSON.parse(record.body)), () => context.getRemainingTimeInMillis());
    } catch (err) {
      log.warn('campaign stage: record failed', { messageId: record.messageId, err: String(err) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
});
