/**
 * The inbound worker: FIFO records (one group per company, connection and chat), each an
 * InboundEnvelope from a driver or a webhook (a session's ban signal pauses its campaigns). Record by record, reporting partial batch failures;
 * a record that cannot be parsed is logged and dropped to the DLQ path by failing it.
 */
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { InboundEnvelope } from '@conversa/shared/channels';
import { applySendResult, applyUpdate } from '../domain/inbound/apply-update';
import { applyWatermark } from '../domain/inbound/apply-watermark';
import { pauseCampaignsOf } from '../domain/campaigns/run';
import { applyCommandResult } from '../domain/connections/command-results';
import { receiveMessage } from '../domain/inbound/receive-message';
import { log } from '../lib/log';
import { invocationContext } from '../lib/invocation';
import { countMetric, metricsContext } from '../lib/metrics';

/** An update for a message not stored yet (out of order) is retried a few times, then dropped. */
const UNKNOWN_UPDATE_TRIES = 3;

async function handleRecord(record: SQSRecord): Promise<void> {
  const parsed = InboundEnvelope.safeParse(JSON.parse(record.body));
  if (!parsed.success) {
    log.error('inbound: poison record', { messageId: record.messageId, issues: parsed.error.issues.slice(0, 5) });
    throw new Error('invalid inbound envelope');
  }
  const env = parsed.data;
  countMetric(`Inbound_${env.kind}`);
  if (env.kind === 'message') {
    await receiveMessage(env, undefined, { attempt: Number(record.attributes.ApproximateReceiveCount ?? '1') });
    return;
  }
  if (env.kind === 'command') return applyCommandResult(env);
  if (env.kind === 'signal') {
    await pauseCampaignsOf(env.companyId, env.whatsappId, env.signal);
    return;
  }
  if (env.kind === 'watermark') {
    await applyWatermark(env);
    return;
  }
  const outcome = env.kind === 'update' ? await applyUpdate(env) : await applySendResult(env);
  if (outcome === 'unknown') {
    const tries = Number(record.attributes.ApproximateReceiveCount ?? '1');
    if (tries < UNKNOWN_UPDATE_TRIES) throw new Error(`${env.kind} for a message not stored yet`);
    log.warn('inbound: update for an unknown message dropped', { kind: env.kind, companyId: env.companyId, whatsappId: env.whatsappId });
  }
}

/**
 * Records of different chats run side by side; within a chat (a FIFO group) strictly in order,
 * and after a failure the group's later records wait their turn (reported as failures).
 */
export const handler = middy<SQSEvent, SQSBatchResponse>().use(invocationContext()).use(metricsContext()).handler(async (event) => {
  const groups = new Map<string, SQSRecord[]>();
  for (const record of event.Records) {
    const group = record.attributes.MessageGroupId ?? record.messageId;
    groups.set(group, [...(groups.get(group) ?? []), record]);
  }
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    [...groups].map(async ([group, records]) => {
      for (let i = 0; i < records.length; i++) {
        try {
          await handleRecord(records[i]!);
        } catch (err) {
          log.warn('inbound: record failed', { messageId: records[i]!.messageId, group, err: String(err) });
          for (const rest of records.slice(i)) failures.push({ itemIdentifier: rest.messageId });
          return;
        }
      }
    }),
  );
  return { batchItemFailures: failures };
});
