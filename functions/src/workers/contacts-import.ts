/**
 * The contacts-import worker: one job per record ({ companyId, jobId }; or { companyId, purgeListId }: a deleted contact list's rest). A job works until its
 * Lambda has a few seconds left, then queues itself again to go on where its progress stands.
 * Record by record with partial batch failures: a failing job is retried, then dead-lettered.
 */
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { z } from 'zod';
import { workOnImport } from '../domain/contacts/import-contacts';
import { purgeDeletedList } from '../domain/contact-lists/manage-contact-lists';
import { log } from '../lib/log';
import { invocationContext } from '../lib/invocation';

const ImportMessage = z.union([
  z.object({ companyId: z.number().int().positive(), jobId: z.string().uuid() }),
  // A deleted contact list's items left after its DELETE request (manage-contact-lists.ts).
  z.object({ companyId: z.number().int().positive(), purgeListId: z.number().int().positive() }),
]);

export const handler = middy<SQSEvent, SQSBatchResponse>().use(invocationContext()).handler(async (event, context: Context) => {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const msg = ImportMessage.parse(JSON.parse(record.body));
      if ('purgeListId' in msg) await purgeDeletedList(msg.companyId, msg.purgeListId, () => context.getRemainingTimeInMillis());
      else await workOnImport(msg.companyId, msg.jobId, () => context.getRemainingTimeInMillis());
    } catch (err) {
      log.warn('contacts import: record failed', { messageId: record.messageId, err: String(err) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
});
