/**
 * The Graph sender (queue outbound-graph): each record's OutboundJob is sent through the Cloud API
 * or the Messenger/Instagram Send API by domain/channels/send-graph-job.ts. Partial batch
 * failures: a retryable failure (429, 5xx, network) returns that record and the rest of the batch
 * behind it to the queue (then the DLQ); a permanent one marks the message failed with the
 * reason. A record that is not a job is logged and dropped.
 */
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { OutboundJob } from '@conversa/shared/channels';
import { graphWorkerDeps, processGraphJob, type GraphWorkerDeps, type Outcome } from '../domain/channels/send-graph-job';
import { log } from '../lib/log';
import { invocationContext } from '../lib/invocation';
import { countMetric, metricsContext } from '../lib/metrics';

function parseRecord(record: SQSRecord): OutboundJob | undefined {
  let json: unknown;
  try {
    json = JSON.parse(record.body);
  } catch {
    log.error('graph-worker: poison record dropped: body is not JSON', { messageId: record.messageId });
    return undefined;
  }
  const job = OutboundJob.safeParse(json);
  if (!job.success) {
    log.error('graph-worker: poison record dropped: not an OutboundJob', { messageId: record.messageId, issues: job.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`) });
    return undefined;
  }
  return job.data;
}

export function createOutboundGraphHandler(deps: GraphWorkerDeps) {
  return middy<SQSEvent, SQSBatchResponse, Error, Context>().use(invocationContext()).use(metricsContext()).handler(async (event, context) => {
    const host = `graph-worker:${context.awsRequestId ?? 'local'}`;
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const [i, record] of event.Records.entries()) {
      const job = parseRecord(record);
      if (!job) continue;
      let outcome: Outcome;
      try {
        outcome = await processGraphJob(job, deps, host);
      } catch (err) {
        // markFailed / report themselves failed (DynamoDB, SQS): try the record again.
        log.error('graph-worker: record failed', { messageId: record.messageId, err: (err as Error).message });
        outcome = 'retry';
      }
      countMetric(outcome === 'retry' ? 'GraphJobsRetried' : 'GraphJobsDone');
      if (outcome === 'retry') {
        // FIFO: the rest of the batch is behind this record in its group; return them all.
        for (const r of event.Records.slice(i)) if (!batchItemFailures.some((f) => f.itemIdentifier === r.messageId)) batchItemFailures.push({ itemIdentifier: r.messageId });
        break;
      }
    }
    return { batchItemFailures };
  });
}

export const handler = createOutboundGraphHandler(graphWorkerDeps);
