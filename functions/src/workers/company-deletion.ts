/**
 * The company-deletion worker: one job per record ({ companyId, jobId }). A job works until its
 * Lambda has a few seconds left, then queues itself again to go on from the position saved on its
 * item (domain/companies/delete-company.ts). Partial batch failures: a failing job is retried from
 * where it stood, then dead-lettered.
 */
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { z } from 'zod';
import { continueDeletion, workOnDeletion } from '../domain/companies/deletion-work';
import { log } from '../lib/log';
import { invocationContext } from '../lib/invocation';

const DeletionMessage = z.object({ companyId: z.number().int().positive(), jobId: z.string().uuid() });

export const handler = middy<SQSEvent, SQSBatchResponse>().use(invocationContext()).handler(async (event, context: Context) => {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const msg = DeletionMessage.parse(JSON.parse(record.body));
      const outcome = await workOnDeletion(msg.companyId, msg.jobId, () => context.getRemainingTimeInMillis());
      if (outcome === 'continue') await continueDeletion(msg.companyId, msg.jobId);
    } catch (err) {
      log.warn('company deletion: record failed', { messageId: record.messageId, err: String(err) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
});
