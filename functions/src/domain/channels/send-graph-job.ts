/**
 * The Graph sender's work (workers/outbound-graph.ts): for each OutboundJob, claim the message,
 * send it through the Cloud API or the Messenger/Instagram Send API, record the Graph message id
 * and report a SendResult on the inbound queue. A permanent failure marks the message failed with
 * the reason. `graphWorkerDeps` is the production wiring; tests bring their own.
 */
import { chatGroupId, isTicketJob, sentDedupId, type OutboundJob, type SendResult, type TicketJob } from '@conversa/shared/channels';
import { resolveSecretRef } from '../../adapters/channel-secrets';
import { getConnection, type Connection } from '../../adapters/db/connections';
import { claimSend, getMessage, markFailed, markSent, type Message } from '../../adapters/db/messages';
import { GraphError, sendCloud, sendMessenger, type GraphSend, type GraphSendOpts, type SendOutcome } from '../../adapters/graph';
import { presignProviderRead } from '../../adapters/media';
import { enqueue } from '../../adapters/queue';
import { QUEUE } from '../../adapters/queue-config';
import { log } from '../../lib/log';
import { deliverCampaignJob } from '../campaigns/deliver';
import { graphSendOf, graphTarget, UnsupportedJob, type GraphTarget } from './graph-send';

export type GraphWorkerDeps = {
  getConnection(companyId: number, id: number): Promise<Connection | undefined>;
  claimSend(companyId: number, ticketId: number, messageId: string, host: string): Promise<boolean>;
  getMessage(companyId: number, ticketId: number, messageId: string): Promise<Message | undefined>;
  markSent(companyId: number, ticketId: number, messageId: string, externalId: string): Promise<boolean>;
  markFailed(companyId: number, ticketId: number, messageId: string, reason: string): Promise<void>;
  resolveRef(ref: string | undefined): Promise<string | undefined>;
  mediaLink(key: string): Promise<string>;
  send(target: GraphTarget, token: string, to: string, s: GraphSend, opts?: GraphSendOpts): Promise<SendOutcome>;
  report(result: SendResult): Promise<void>;
};

export const graphWorkerDeps: GraphWorkerDeps = {
  getConnection: (cid, id) => getConnection(cid, id),
  claimSend: (cid, t, m, host) => claimSend(cid, t, m, host),
  getMessage,
  markSent,
  markFailed,
  resolveRef: resolveSecretRef,
  mediaLink: presignProviderRead,
  send: (target, token, to, s, opts) => (target.api === 'cloud' ? sendCloud(target.account, token, to, s, opts) : sendMessenger(target.account, token, to, s)),
  report: (r) => enqueue(QUEUE.inbound, r, { groupId: chatGroupId(r.companyId, r.whatsappId, r.chatId), dedupId: sentDedupId(r) }),
};

/** A failure that is the job's own fault: retrying cannot help. */
class Permanent extends Error {}

export type Outcome = 'done' | 'retry';

/**
 * One job: claim the message (a twin delivery or an attempt in flight holds it), send it, record
 * the Graph message id and report; a permanent failure marks the message failed with the reason.
 * Answers 'retry' for a retryable failure (429, 5xx, network) or a claim still in flight.
 */
export async function processGraphJob(raw: OutboundJob, deps: GraphWorkerDeps, host: string): Promise<Outcome> {
  if (raw.campaign) return processCampaignJob(raw, deps, host);
  if (!isTicketJob(raw)) {
    log.error('graph-worker: job names no message, dropped', { companyId: raw.companyId, whatsappId: raw.whatsappId });
    return 'done';
  }
  const job: TicketJob = raw;
  const { companyId: cid, ticketId, messageId } = job;
  const isSend = job.action === 'send';
  if (isSend && !(await deps.claimSend(cid, ticketId, messageId, host))) {
    // Sent, failed, or claimed by an attempt still in flight (ours that failed, or a twin delivery).
    const m = await deps.getMessage(cid, ticketId, messageId);
    if (!m || m.externalId || m.error) return 'done';
    log.info('graph-worker: message claimed elsewhere, retrying later', { companyId: cid, ticketId, messageId });
    return 'retry';
  }
  const result = (extra: Partial<SendResult>): SendResult => ({ kind: 'sent', companyId: cid, whatsappId: job.whatsappId, ticketId, messageId, chatId: job.chatId, timestamp: Date.now(), ...extra });
  try {
    const { target, token } = await graphAccount(deps, cid, job.whatsappId);
    let request: GraphSend;
    try {
      request = graphSendOf(job, job.mediaKey && isSend ? await deps.mediaLink(job.mediaKey) : undefined);
    } catch (err) {
      if (err instanceof UnsupportedJob) throw new Permanent(err.message);
      throw err;
    }
    const out = await deps.send(target, token, job.chatId, request);
    if (isSend) {
      if (!out.externalId) throw new Permanent('the channel answered no message id');
      await deps.markSent(cid, ticketId, messageId, out.externalId);
      await deps.report(result({ externalId: out.externalId, ...(out.alsoExternalIds?.length ? { alsoExternalIds: out.alsoExternalIds } : {}), ...(out.partialError ? { error: out.partialError } : {}) }));
    }
    return 'done';
  } catch (err) {
    const retryable = err instanceof GraphError ? err.retryable : !(err instanceof Permanent);
    const reason = err instanceof GraphError || err instanceof Permanent ? err.message : `internal: ${(err as Error).message}`;
    if (retryable) {
      log.warn('graph-worker: send failed, will retry', { companyId: cid, ticketId, messageId, action: job.action, reason, retryAfter: err instanceof GraphError ? err.retryAfterSeconds : undefined });
      return 'retry';
    }
    log.warn('graph-worker: send failed for good', { companyId: cid, ticketId, messageId, action: job.action, reason });
    if (isSend) {
      await deps.markFailed(cid, ticketId, messageId, reason);
      await deps.report(result({ error: reason.slice(0, 500) }));
    }
    return 'done';
  }
}

/** The connection's Graph account and access token, or why a job on it can never go (Permanent). */
async function graphAccount(deps: GraphWorkerDeps, cid: number, whatsappId: number): Promise<{ target: GraphTarget; token: string }> {
  const connection = await deps.getConnection(cid, whatsappId);
  if (!connection) throw new Permanent('connection not found');
  const target = graphTarget(connection.channel, connection.provider);
  if (!target) throw new Permanent(`connection ${connection.id} (${connection.channel}) has no Graph account id`);
  const token = await deps.resolveRef(connection.provider?.accessTokenRef);
  if (!token) throw new Permanent(`connection ${connection.id} has no access token`);
  return { target, token };
}

/** A campaign's send on a Graph channel (domain/campaigns/deliver.ts): the recipient is claimed instead of a message. */
async function processCampaignJob(job: OutboundJob, deps: GraphWorkerDeps, host: string): Promise<Outcome> {
  return deliverCampaignJob(job, {
    claimant: host,
    interruptedAfterMs: 60_000,
    log,
    publish: (r) => deps.report(r),
    retryable: (err) => err instanceof GraphError && err.retryable,
    send: async (j) => {
      const { target, token } = await graphAccount(deps, j.companyId, j.whatsappId);
      // The Cloud API names the message itself; the campaign's id rides along and comes back in its statuses.
      const out = await deps.send(target, token, j.chatId, graphSendOf(j, j.mediaKey ? await deps.mediaLink(j.mediaKey) : undefined), { callbackData: j.presetId });
      if (!out.externalId) throw new Error('the channel answered no message id');
      return { externalId: out.externalId };
    },
  });
}
