/**
 * The schedule sender (BEHAVIOUR.md "Lanes, schedules and open-by-phone"): one run of a due
 * schedule, exactly once. It claims the run with a conditional write first (a job queued or
 * delivered twice finds it claimed, or no longer pending, and does nothing), sends through the
 * normal outbound path on the contact's open ticket (deliver.ts, idempotent by the run, so a
 * sender that died after sending and is taken over sends nothing new), then records ENVIADA, or
 * ERRO with the reason, and plans a recurring schedule's next run, in one transaction.
 */
import { getContact } from '../../adapters/db/contacts';
import { nextId } from '../../adapters/db/counters';
import { claimSchedule, finishRun, type Schedule } from '../../adapters/db/schedules';
import { getLock, getTicket } from '../../adapters/db/tickets';
import { getUser } from '../../adapters/db/users';
import { QUEUE, QUEUES } from '../../adapters/queue-config';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import { connectionOrDefault } from '../connections/default-connection';
import { deliver } from '../messages/deliver';
import { mediaTypeOf } from '../messages/upload-media';
import { ticketForSend } from '../tickets/ticket-for-send';
import { nextRunAt } from './due';
import { announceSchedule } from './manage-schedules';
import { queueIfScanned, type ScheduleJob } from './queue-due';

export type RunOutcome = 'sent' | 'failed' | 'skipped';

const MAX_RECEIVES = QUEUES.find((q) => q.name === QUEUE.scheduleSends)!.maxReceives;
/** The sender queue's last try of a job (after it, the job is dead-lettered). */
export const isLastTry = (receiveCount: number): boolean => receiveCount >= MAX_RECEIVES;

/**
 * A lane's campaign sends only while the contact's ticket on the connection (the open one, else the
 * last) is still in that lane (BEHAVIOUR.md: "while the ticket is still in the lane").
 */
async function stillInLane(cid: number, contactId: number, whatsappId: number, laneId: number): Promise<boolean> {
  const lock = await getLock(cid, contactId, whatsappId);
  const ticket = lock ? await getTicket(cid, lock.ticketId) : undefined;
  return ticket?.laneId === laneId;
}

/** Sends the run on the contact's ticket; throws AppError for what makes the run ERRO. */
async function sendRun(s: Schedule): Promise<void> {
  const cid = s.companyId;
  const contact = await getContact(cid, s.contactId);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  const connection = await connectionOrDefault(cid, s.whatsappId ?? undefined);
  if (s.campId !== null && !(await stillInLane(cid, s.contactId, connection.id, s.campId))) throw new AppError('ERR_LANE_LEFT');
  const user = s.userId ? await getUser(cid, s.userId) : undefined;
  const at = new Date(s.runAt ?? s.sendAt);
  const ticket = await ticketForSend(connection, contact, user?.id ?? null, at);
  const media = s.mediaKey && s.mimetype ? { mediaType: mediaTypeOf(s.mimetype), mediaKey: s.mediaKey, mimetype: s.mimetype, filename: s.mediaName ?? undefined } : {};
  await deliver({ ticket, connection, contact, body: s.body, media, userId: user?.id, idempotencyKey: `schedule:${cid}:${s.id}:${s.sendAt}`, at });
}

/**
 * One job of the sender's queue. `owner` = the queue message's id (its retries keep it, so a retry
 * may take its own claim again). `final`: the queue's last try, when an unexpected failure is
 * recorded as ERRO instead of thrown for another try.
 */
export async function runSchedule(job: ScheduleJob, owner: string, opts: { now?: Date; final?: boolean } = {}): Promise<RunOutcome> {
  const now = opts.now ?? new Date();
  const s = await claimSchedule(job.companyId, job.scheduleId, job.sendAt, owner, now);
  if (!s) return 'skipped';
  let error: string | null = null;
  try {
    await sendRun(s);
  } catch (err) {
    if (!(err instanceof AppError) && !opts.final) throw err;
    error = err instanceof AppError ? err.code : String((err as Error).message ?? err).slice(0, 500);
    log.warn('scheduled message not sent', { companyId: s.companyId, scheduleId: s.id, error });
  }
  const done = new Date();
  const nextAt = error === 'ERR_LANE_LEFT' ? undefined : nextRunAt(s.sendAt, s.daysR, done);
  const next: Schedule | undefined = nextAt
    ? (() => {
        const { claimOwner: _o, claimAt: _c, runAt: _r, ...base } = s;
        return { ...base, sendAt: nextAt, status: 'PENDENTE' as const, sentAt: null, error: null, createdAt: done.toISOString(), updatedAt: done.toISOString() };
      })()
    : undefined;
  if (next) next.id = await nextId(s.companyId, 'schedule');
  const outcome = { status: error ? ('ERRO' as const) : ('ENVIADA' as const), at: done.toISOString(), error };
  if (!(await finishRun(s, owner, outcome, next))) return 'skipped';
  const { claimOwner: _o, claimAt: _c, runAt: _r, ...rest } = s;
  await announceSchedule({ ...rest, status: outcome.status, sentAt: error ? null : outcome.at, error, updatedAt: outcome.at }, false);
  if (next) {
    await announceSchedule(next, true);
    await queueIfScanned(next);
  }
  return error ? 'failed' : 'sent';
}
