/**
 * A queue worker whose records are each one job (BEHAVIOUR.md "No lost data": retries with a
 * dead-letter queue): record by record, a body that is not the job's shape is logged and dropped
 * (retrying it would fail the same way), and a job that throws is reported as a partial batch
 * failure, so the queue retries only it and dead-letters it after its tries.
 */
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { z } from 'zod';
import { log } from '../lib/log';
import { invocationContext } from '../lib/invocation';
import { countMetric, metricsContext } from '../lib/metrics';

export function jobWorker<S extends z.ZodType>(
  name: string,
  Job: S,
  run: (job: z.infer<S>, record: SQSRecord) => Promise<unknown>,
  metrics: { ok?: string; failed?: string } = {},
) {
  return middy<SQSEvent, SQSBatchResponse>()
    .use(invocationContext())
    .use(metricsContext())
    .handler(async (event) => {
      const failures: SQSBatchResponse['batchItemFailures'] = [];
      for (const record of event.Records) {
        let body: unknown;
        try {
          body = JSON.parse(record.body);
        } catch {
          body = undefined;
        }
        const job = Job.safeParse(body);
        if (!job.success) {
          log.error(`${name}: malformed job dropped`, { messageId: record.messageId });
          continue;
        }
        try {
          await run(job.data, record);
          if (metrics.ok) countMetric(metrics.ok);
        } catch (err) {
          if (metrics.failed) countMetric(metrics.failed);
          log.warn(`${name}: record failed`, { messageId: record.messageId, err: String(err) });
          failures.push({ itemIdentifier: record.messageId });
        }
      }
      return { batchItemFailures: failures };
    });
}
