/** What the companies page shows of a deletion job (the request and the worker both answer it). */
import type { CompanyDeletion } from '@conversa/shared/schemas/companies';
import type { DeletionJob } from '../../adapters/db/company-deletions';

export const progress = (job: DeletionJob): CompanyDeletion => ({
  jobId: job.jobId,
  state: job.state,
  phase: job.phase,
  deleted: job.deleted,
  scanned: job.scanned,
  startedAt: job.startedAt,
  ...(job.finishedAt ? { finishedAt: job.finishedAt } : {}),
});
