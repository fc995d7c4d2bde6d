/**
 * The company-backup worker: one job per record ({ companyId, jobId }); a job works until its Lambda
 * has a few seconds left, then queues itself again (domain/backup/company-backup.ts). Record by
 * record with partial batch failures: a failing job is retried, then dead-lettered; on its last try
 * it is marked failed so the page stops waiting.
 */
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { z } from 'zod';
import { failBackup, isLastTry, workOnBackup } from '../domain/backup/backup-work';
import { log } from '../lib/log';
import { invocationContext } from '../lib/invocation';

const BackupMessage = z.object({ companyId: z.number().int().positive(), jobId: z.string().uuid() });

export const handler = middy<SQSEvent, SQSBatchResponse>().use(invocationContext()).handler(async (event, context: Context) => {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    let msg: z.infer<typeof BackupMessage> | undefined;
    try {
      msg = BackupMessage.parse(JSON.parse(record.body));
      await workOnBackup(msg.companyId, msg.jobId, () => context.getRemainingTimeInMillis());
    } catch (err) {
      log.warn('company backup: record failed', { messageId: record.messageId, err: String(err) });
      if (msg && isLastTry(Number(record.attributes?.ApproximateReceiveCount ?? 0))) await failBackup(msg.companyId, msg.jobId).catch(() => undefined);
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
});
