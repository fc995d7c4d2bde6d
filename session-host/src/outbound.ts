/**
 * The outbound consumer: sends for the sessions this host runs. A send is claimed on the
 * message first (claimSend), so a redelivered job never goes out twice; the channel's id is
 * stored right after the send (markSent) and a SendResult goes to the inbound worker. Session
 * commands (create a group, list chats) travel the same queue and run in commands.ts.
 */
import { OutboundJob, SessionCommand, isTicketJob, type SendResult } from '@conversa/shared/channels';
import { deliverCampaignJob } from '@conversa/functions/domain/campaigns/deliver';
import { changeMessage, claimSend, getMessage, markFailed, markSent } from '@conversa/functions/adapters/db/messages';
import { getLease, isLeaseLive } from '@conversa/functions/adapters/db/session-leases';
import { QUEUE, QUEUES } from '@conversa/functions/adapters/queue-config';
import { runCommand } from './commands';
import { QueueConsumer, type Disposition } from './consumer';
import { errData, type Log } from './log';
import type { SessionManager } from './manager';
import type { Presence } from './drivers/driver';
import type { QueueMessage, QueuePort } from './queue-port';

export type OutboundOptions = {
  queue: QueuePort;
  manager: SessionManager;
  /** Who claims sends: the host id plus this process's boot, so a restarted host never re-sends its own half-done claim. */
  claimant: string;
  log: Log;
  waitSeconds?: number;
  /** A claim older than this without a result is treated as a send interrupted by a crash. */
  interruptedAfterMs?: number;
};

const VISIBILITY_MS = (QUEUES.find((q) => q.name === QUEUE.outboundSession)?.visibilityTimeout ?? 60) * 1000;

/** Where a job goes when its session does not run here: another live host → hand it back; nobody → retry later (then the DLQ). */
export async function notHere(companyId: number, whatsappId: number, hostId: string): Promise<Disposition> {
  const lease = await getLease(companyId, whatsappId);
  return isLeaseLive(lease) && lease.hostId !== hostId ? 'release' : 'retry';
}

export function createOutboundHandler(o: OutboundOptions): (m: QueueMessage) => Promise<Disposition> {
  const interruptedAfter = o.interruptedAfterMs ?? VISIBILITY_MS;
  const command = async (m: QueueMessage, raw: unknown): Promise<Disposition> => {
    const cmd = SessionCommand.safeParse(raw);
    if (!cmd.success) {
      o.log.error('outbound: bad command (left for the DLQ)', { messageId: m.id });
      return 'retry';
    }
    const { companyId, whatsappId } = cmd.data;
    const driver = o.manager.driverFor(companyId, whatsappId);
    if (!driver) return notHere(companyId, whatsappId, o.manager.hostId);
    const out = await runCommand(cmd.data, driver, { publish: (r) => o.manager.publish(r), claimant: o.claimant, log: o.log, interruptedAfterMs: interruptedAfter });
    if (out === 'later') return 'retry';
    // A numbers check whose turn has not come: back to the queue until it does (never waited for here).
    if (out) return { visibleInSeconds: Math.max(1, Math.ceil(out.retryInMs / 1000)) };
    return 'done';
  };
  return async (m) => {
    let raw: unknown;
    try {
      raw = JSON.parse(m.body);
    } catch {
      raw = undefined;
    }
    if ((raw as { kind?: unknown } | undefined)?.kind === 'command') return command(m, raw);
    const parsed = OutboundJob.safeParse(raw);
    if (!parsed.success) {
      o.log.error('outbound: bad job (left for the DLQ)', { messageId: m.id });
      return 'retry';
    }
    const driver = o.manager.driverFor(parsed.data.companyId, parsed.data.whatsappId);
    if (!driver || !driver.isConnected()) return driver ? 'retry' : notHere(parsed.data.companyId, parsed.data.whatsappId, o.manager.hostId);
    if (parsed.data.campaign) {
      // A campaign's send (domain/campaigns/deliver.ts): its recipient is claimed, no message, no ticket.
      const job = parsed.data;
      const log = o.log.child({ companyId: job.companyId, whatsappId: job.whatsappId, campaign: job.campaign });
      return deliverCampaignJob(job, {
        send: (j) => driver.send(j), publish: (r) => o.manager.publish(r), claimant: o.claimant,
        runningSince: o.manager.runningSince(job.companyId, job.whatsappId), interruptedAfterMs: interruptedAfter, log,
      });
    }
    if (!isTicketJob(parsed.data)) {
      o.log.error('outbound: job names no message (left for the DLQ)', { messageId: m.id });
      return 'retry';
    }
    const job = parsed.data;
    const log = o.log.child({ companyId: job.companyId, whatsappId: job.whatsappId, ticketId: job.ticketId, messageId: job.messageId, action: job.action });

    const result = (extra: Partial<SendResult>): SendResult => ({
      kind: 'sent',
      companyId: job.companyId,
      whatsappId: job.whatsappId,
      ticketId: job.ticketId,
      messageId: job.messageId,
      chatId: job.chatId,
      timestamp: Date.now(),
      ...extra,
    });

    if (job.action === 'presence') {
      // Typing and recording are fleeting: a failure is only logged.
      await driver.presence(job.chatId, job.body as Presence, job.isGroup).catch((err: unknown) => log.warn('outbound: presence failed', { err: errData(err) }));
      return 'done';
    }
    if (job.action !== 'send') {
      // Reactions, edits, deletions and read marks are idempotent on the channel: no claim.
      try {
        await driver.send(job);
      } catch (err) {
        log.warn('outbound: action failed', { err: errData(err) });
        const reason = `${job.action === 'delete' ? 'not deleted' : job.action === 'edit' ? 'not edited' : `${job.action} failed`} on the channel: ${String((err as Error).message ?? err)}`.slice(0, 500);
        // An edit or deletion the phone never got is shown on the message (the inbox already shows it changed).
        if (job.action === 'edit' || job.action === 'delete') await changeMessage(job.companyId, job.ticketId, job.messageId, { error: reason });
        await o.manager.publish(result({ error: reason }));
      }
      return 'done';
    }

    if (!(await claimSend(job.companyId, job.ticketId, job.messageId, o.claimant, 24 * 3600_000))) {
      const msg = await getMessage(job.companyId, job.ticketId, job.messageId);
      const claim = msg && !msg.externalId && !msg.error ? msg.sendClaim : undefined;
      if (!claim || claim.host === o.claimant) {
        log.info('outbound: already sent, failed, or being sent by this process; skipped');
        return 'done';
      }
      // Claimed by another sender and never finished. Sends happen only under the session's lease:
      // a claim from before this host took the session, or one older than a send can take, is a
      // sender that died between claim and result. It may or may not have gone out; never risk a duplicate.
      if (claim.at < (o.manager.runningSince(job.companyId, job.whatsappId) ?? Infinity) || Date.now() - claim.at >= interruptedAfter) {
        const reason = 'send interrupted (host restarted); not retried to avoid a duplicate';
        await markFailed(job.companyId, job.ticketId, job.messageId, reason);
        await o.manager.publish(result({ error: reason }));
        log.warn('outbound: interrupted send marked failed');
        return 'done';
      }
      // Another sender holds it right now (a handover in progress): look again later, never drop it.
      log.info('outbound: claimed by another sender; retried later');
      return 'retry';
    }
    let externalId: string;
    try {
      ({ externalId } = await driver.send(job));
    } catch (err) {
      const reason = String((err as Error).message ?? err).slice(0, 500) || 'send failed';
      log.warn('outbound: send failed', { err: errData(err) });
      await markFailed(job.companyId, job.ticketId, job.messageId, reason);
      await o.manager.publish(result({ error: reason }));
      return 'done';
    }
    await markSent(job.companyId, job.ticketId, job.messageId, externalId);
    await o.manager.publish(result({ externalId }));
    log.info('outbound: sent', { externalId });
    return 'done';
  };
}

export function createOutboundConsumer(o: OutboundOptions): QueueConsumer {
  return new QueueConsumer({ queue: o.queue, name: QUEUE.outboundSession, handle: createOutboundHandler(o), log: o.log, waitSeconds: o.waitSeconds, active: () => o.manager.countRunning() > 0 });
}
