/**
 * The flows' intervals (BEHAVIOUR.md "Flows"): a wake queued with the interval's delay continues
 * the ticket's flow if its token is still the one the state waits for (domain/flows/run-flow.ts).
 * Record by record with partial batch failures; a stale or repeated wake does nothing.
 */
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { z } from 'zod';
import { wakeFlow } from '../domain/flows/wake-flow';
import { log, logContext } from '../lib/log';
import { metricsContext } from '../lib/metrics';

const Job = z.object({ companyId: z.number().int().positive(), ticketId: z.number().int().positive(), token: z.string().min(1).max(200), at: z.string().datetime() });

export const handler = middy<SQSEvent, SQSBatchResponse>().use(logContext()).use(metricsContext()).handler(async (event) => {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    let job: z.infer<typeof Job>;
    try {
      job = Job.parse(JSON.parse(record.body));
    } catch {
      log.error('flow wakes: malformed job dropped', { messageId: record.messageId });
      continue;
    }
    try {
      await wakeFlow(job);
    } catch (err) {
      log.warn('flow wakes: record failed', { messageId: record.messageId, err: String(err) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
});
