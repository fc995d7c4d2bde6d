/**
 * The campaign sender's queue worker (domain/campaigns/send.ts): one recipient's job per record,
 * record by record with partial batch failures (a failing record is retried, then dead-lettered;
 * the recipient stays pending and a restart sends it).
 */
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { z } from 'zod';
import { sendToRecipient } from '../domain/campaigns/send';
import { log, logContext } from '../lib/log';
import { countMetric, metricsContext } from '../lib/metrics';

const Id = z.number().int().positive();
const Job = z.object({ companyId: Id, campaignId: Id, gen: Id, itemId: Id });

export const handler = middy<SQSEvent, SQSBatchResponse>().use(logContext()).use(metricsContext()).handler(async (event) => {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const job = Job.safeParse((() => { try { return JSON.parse(record.body); } catch { return undefined; } })());
    if (!job.success) {
      log.error('campaign sender: malformed job dropped', { messageId: record.messageId });
      continue;
    }
    try {
      await sendToRecipient(job.data);
      countMetric('CampaignJobs');
    } catch (err) {
      countMetric('CampaignJobsFailed');
      log.warn('campaign sender: record failed', { messageId: record.messageId, err: String(err) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
});
