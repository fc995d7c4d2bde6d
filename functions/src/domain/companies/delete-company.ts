/**
 * Deleting a company (DELETE /companies/{id}): the request marks the company (inactive, `deletion`
 * set: no edit, no login), ends its users' sessions at once (their tokens are refused, their
 * sockets closed), writes the job item and queues the job; the worker (workers/company-deletion.ts)
 * then removes everything of the company, phase by phase, saving its position after every page:
 *
 * 1. users: its users' e-mail index items (only while they still name this company) and reset
 *    codes, first, so its e-mails are free for a new signup early;
 * 2. scan: two passes of a background Scan (adapters/db/company-deletions.ts) over the table for
 *    items whose partition begins `C#<cid>#` and platform items whose `companyId` is the company's.
 *    A Scan, not an enumeration of partitions: the company's partitions include per-ticket,
 *    per-contact, per-connection and per-search-word ones that no list names. The second pass
 *    picks up what arrived while the first ran (an inbound message in flight);
 * 3. media: every S3 object under `companies/<cid>/`;
 * 4. company: the company item (with its entry in the companies list) and its plan's count.
 *
 * A crash repeats at most the page it was on (deletes are idempotent); a second delivery of the
 * same job loses the conditional `step` update and stops. Nothing outside the company is named.
 */
import { randomUUID } from 'node:crypto';
import type { CompanyDeletion } from '@conversa/shared/schemas/companies';
import { QUEUE } from '../../adapters/queue-config';
import { enqueue } from '../../adapters/queue';
import { getCompany, markDeleting, removeCompany, setDeletionProgress, type Company } from '../../adapters/db/companies';
import { advanceJob, deleteKeys, getDeletionJob, putDeletionJob, scanCompanyItems, type DeletionJob } from '../../adapters/db/company-deletions';
import { deleteResetCode } from '../../adapters/db/reset-codes';
import { allUsers, releaseEmail } from '../../adapters/db/users';
import { deleteMedia, listMediaKeys } from '../../adapters/media';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import type { AuthContext } from '../auth/authenticate';
import { forgetCompany } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';
import { PLATFORM_COMPANY_ID, endCompanySessions } from './company-sessions';

/** Items evaluated per Scan page; DynamoDB also stops a page at 1 MB. */
const SCAN_PAGE = 2_000;
const PASSES = 2;
const JOB_TTL_S = 30 * 86_400;

const progress = (job: DeletionJob): CompanyDeletion => ({
  jobId: job.jobId,
  state: job.state,
  phase: job.phase,
  deleted: job.deleted,
  scanned: job.scanned,
  startedAt: job.startedAt,
  ...(job.finishedAt ? { finishedAt: job.finishedAt } : {}),
});

/** DELETE /companies/{id}: answers the job's progress at once; the worker does the rest. */
export async function requestCompanyDeletion(auth: AuthContext, id: number): Promise<CompanyDeletion> {
  if (id === PLATFORM_COMPANY_ID) throw new AppError('ERR_PLATFORM_COMPANY');
  const existing = await getDeletionJob(id);
  if (existing) {
    // Asked again: the same job. Queued once more while it runs (a request that stopped before
    // queueing it leaves no message behind); a second delivery loses the job's `step` condition.
    if (existing.state === 'running') await enqueue(QUEUE.companyDeletion, { companyId: id, jobId: existing.jobId });
    return progress(existing);
  }
  const before = await getCompany(id, true);
  if (!before) throw new AppError('ERR_NO_COMPANY_FOUND');
  const now = new Date().toISOString();
  let job: DeletionJob = { cid: id, jobId: randomUUID(), state: 'running', phase: 'users', pass: 1, step: 0, deleted: 0, scanned: 0, objects: 0, startedAt: now, updatedAt: now };
  if (!(await markDeleting(id, progress(job)))) {
    // Marked already (a request at the same moment, or one that stopped before writing its job): that job stands.
    const marked = (await getCompany(id, true))?.deletion;
    if (!marked) throw new AppError('ERR_NO_COMPANY_FOUND');
    job = { ...job, jobId: marked.jobId, startedAt: marked.startedAt };
  }
  forgetCompany(id);
  // The job item before the queue message: the worker finds its position there (a job already written stays as it is).
  await putDeletionJob(job);
  const current = (await getDeletionJob(id)) ?? job;
  await endCompanySessions(id);
  await enqueue(QUEUE.companyDeletion, { companyId: id, jobId: current.jobId });
  await recordAudit(auth, { action: 'company.delete', target: { id, name: before.name }, before: { ...before, active: before.status } });
  return progress(current);
}

/** GET /companies/{id}/deletion: the job's progress (after the company is gone too). */
export async function deletionProgress(id: number): Promise<CompanyDeletion> {
  const job = await getDeletionJob(id);
  if (!job) throw new AppError('ERR_NO_COMPANY_FOUND');
  return progress(job);
}

type Clock = () => number;

/** One phase's next step; false when another delivery moved the job first. */
async function step(job: DeletionJob, company: Company | undefined, scanPage: number): Promise<boolean> {
  const cid = job.cid;
  switch (job.phase) {
    case 'users': {
      for (const u of await allUsers(cid)) {
        await releaseEmail(u.email, cid);
        await deleteResetCode(u.email);
      }
      return advanceJob(job, { ...job, phase: 'scan', pass: 1, position: undefined });
    }
    case 'scan': {
      const start = job.position ? (JSON.parse(job.position) as Record<string, unknown>) : undefined;
      const page = await scanCompanyItems(cid, start, scanPage);
      if (page.keys.length) await deleteKeys(page.keys);
      const next: DeletionJob = { ...job, deleted: job.deleted + page.keys.length, scanned: job.scanned + page.scanned, position: page.next ? JSON.stringify(page.next) : undefined };
      if (!page.next) Object.assign(next, job.pass < PASSES ? { pass: job.pass + 1 } : { phase: 'media', position: undefined });
      return advanceJob(job, next);
    }
    case 'media': {
      const page = await listMediaKeys(`companies/${cid}/`, job.position);
      await deleteMedia(page.keys);
      return advanceJob(job, { ...job, objects: job.objects + page.keys.length, position: page.next, ...(page.next ? {} : { phase: 'company' as const }) });
    }
    case 'company': {
      if (company?.deletion?.jobId === job.jobId) await removeCompany(company);
      const at = new Date().toISOString();
      return advanceJob(job, { ...job, phase: 'done', state: 'done', finishedAt: at, expiresAt: Math.floor(Date.now() / 1000) + JOB_TTL_S });
    }
    case 'done':
      return false;
  }
}

/**
 * The worker's turn on a job: steps until it is done or the Lambda has `reserveMs` left, then
 * answers whether it should be queued again to go on.
 */
export async function workOnDeletion(cid: number, jobId: string, remainingMs: Clock, reserveMs = 10_000, scanPage = SCAN_PAGE): Promise<'done' | 'continue' | 'stale'> {
  const job = await getDeletionJob(cid);
  if (!job || job.jobId !== jobId || job.state === 'done') return 'stale';
  for (;;) {
    const company = job.phase === 'company' ? await getCompany(cid, true) : undefined;
    if (!(await step(job, company, scanPage))) return 'stale';
    // `step` moved the job (advanceJob assigns the saved fields to it).
    const now = job as DeletionJob;
    if (now.phase !== 'company' && now.phase !== 'done') await setDeletionProgress(cid, progress(now));
    if (now.state === 'done') {
      log.info('company deleted', { companyId: cid, items: job.deleted, objects: job.objects });
      return 'done';
    }
    if (remainingMs() < reserveMs) return 'continue';
  }
}

export async function continueDeletion(cid: number, jobId: string): Promise<void> {
  await enqueue(QUEUE.companyDeletion, { companyId: cid, jobId });
}
