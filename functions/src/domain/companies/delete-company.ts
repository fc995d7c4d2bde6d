/**
 * Deleting a company (DELETE /companies/{id}): the request marks the company (inactive, `deletion`
 * set: no edit, no login), ends its users' sessions at once (their tokens are refused, their
 * sockets closed), writes the job item and queues the job; the worker (workers/company-deletion.ts)
 * then removes everything of the company, phase by phase (deletion-work.ts), saving its position after every page:
 *
 * 1. users: its users' e-mail index items (only while they still name this company) and reset
 *    codes, first, so its e-mails are free for a new signup early;
 * 2. scan: two passes of a background Scan (adapters/db/company-scan.ts) over the table for
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
import { getCompany, markDeleting } from '../../adapters/db/companies';
import { getDeletionJob, putDeletionJob, type DeletionJob } from '../../adapters/db/company-deletions';
import { progress } from './deletion-progress';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { forgetCompany } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';
import { PLATFORM_COMPANY_ID, endCompanySessions } from './company-sessions';



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
