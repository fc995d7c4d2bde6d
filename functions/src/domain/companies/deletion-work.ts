/**
 * The company deletion's worker turns (delete-company.ts has the request and the phases' story):
 * users, two Scan passes, media, the company item, saving the position after every page. Only
 * the company-deletion worker loads this (its Scan and its deletes of media).
 */
import { getCompany, removeCompany, setDeletionProgress, type Company } from '../../adapters/db/companies';
import { advanceJob, deleteKeys, getDeletionJob, type DeletionJob } from '../../adapters/db/company-deletions';
import { scanCompanyItems } from '../../adapters/db/company-scan';
import { deleteResetCode } from '../../adapters/db/reset-codes';
import { allUsers, releaseEmail } from '../../adapters/db/users';
import { deleteMedia, listMediaKeys } from '../../adapters/media';
import { enqueue } from '../../adapters/queue';
import { QUEUE } from '../../adapters/queue-config';
import { log } from '../../lib/log';
import { progress } from './deletion-progress';

/** Items evaluated per Scan page; DynamoDB also stops a page at 1 MB. */
const SCAN_PAGE = 2_000;
const PASSES = 2;
const JOB_TTL_S = 30 * 86_400;

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
