/**
 * The schedule sender's queue worker (domain/schedules/send-schedules.ts): one due run per record,
 * record by record with partial batch failures. An unexpected failure is retried by the queue; on
 * its last try the run is recorded as ERRO with the reason rather than left pending.
 */
import { z } from 'zod';
import { isLastTry, runSchedule } from '../domain/schedules/send-schedules';
import { countMetric } from '../lib/metrics';
import { jobWorker } from './job-worker';

const Job = z.object({ companyId: z.number().int().positive(), scheduleId: z.number().int().positive(), sendAt: z.string().min(1).max(40) });

export const handler = jobWorker('schedule sender', Job, async (job, record) => {
  const outcome = await runSchedule(job, record.messageId, { final: isLastTry(Number(record.attributes?.ApproximateReceiveCount ?? 1)) });
  countMetric(outcome === 'sent' ? 'ScheduledSent' : outcome === 'failed' ? 'ScheduledFailed' : 'ScheduledSkipped');
});
