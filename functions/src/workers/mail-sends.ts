/**
 * The mail worker (queue mail-sends): each record one e-mail (domain/mail/queue-mail.ts), sent
 * through SMTP record by record with partial batch failures; a failed send is retried by the
 * queue, then dead-lettered. The only function with the SMTP settings and password.
 */
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { MailJob } from '../domain/mail/queue-mail';
import { deliverMail } from '../domain/mail/send-mail';
import { log, logContext } from '../lib/log';
import { countMetric, metricsContext } from '../lib/metrics';

export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(logContext())
  .use(metricsContext())
  .handler(async (event) => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      let job: MailJob;
      try {
        job = MailJob.parse(JSON.parse(record.body));
      } catch {
        log.error('mail worker: malformed job dropped', { messageId: record.messageId });
        continue;
      }
      try {
        await deliverMail(job);
        countMetric('MailsSent');
      } catch (err) {
        log.warn('mail worker: send failed; retried', { messageId: record.messageId, err: String(err) });
        countMetric('MailsFailed');
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  });
