/**
 * The contacts-import worker: one job per record ({ companyId, jobId }). A job works until its
 * Lambda has a few seconds left, then queues itself again to go on where its progress stands.
 * Record by record with partial batch failures: a failing job is retried, then dead-lettered.
 */
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { z } from 'zod';
import { workOnImport } from '../domain/contacts/import-contacts';
import { log } from '../lib/log';

const ImportMessage = z.object({ companyId: z.number().int().positive(), jobId: z.string().uuid() });

export const handler = middy<SQSEvent, SQSBatchResponse>().handler(async (event, context: Context) => {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const msg = ImportMessage.parse(JSON.parse(record.body));
      await workOnImport(msg.companyId, msg.jobId, () => context.getRemainingTimeInMillis());
    } catch (err) {
      log.warn('contacts import: record failed', { messageId: record.messageId, err: String(err) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
});
