/**
 * The schedule sender's queue worker (domain/schedules/send-schedules.ts): one due run per record,
 * record by record with partial batch failures. An unexpected failure is retried by the queue; on
 * its last try the run is recorded as ERRO with the reason rather than left pending.
 */
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { z } from 'zod';
import { isLastTry, runSchedule } from '../domain/schedules/send-schedules';
import { log, logContext } from '../lib/log';
import { countMetric, metricsContext } from '../lib/metrics';

const Job = z.object({ companyId: z.number().int().positive(), scheduleId: z.number().int().positive(), sendAt: z.string().min(1).max(40) });

export const handler = middy<SQSEvent, SQSBatchResponse>().use(logContext()).use(metricsContext()).handler(async (event) => {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    let job: z.infer<typeof Job>;
    try {
      job = Job.parse(JSON.parse(record.body));
    } catch {
      log.error('schedule sender: malformed job dropped', { messageId: record.messageId });
      continue;
    }
    try {
      const outcome = await runSchedule(job, record.messageId, { final: isLastTry(Number(record.attributes?.ApproximateReceiveCount ?? 1)) });
      countMetric(outcome === 'sent' ? 'ScheduledSent' : outcome === 'failed' ? 'ScheduledFailed' : 'ScheduledSkipped');
    } catch (err) {
      log.warn('schedule sender: record failed', { messageId: record.messageId, err: String(err) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
});
