/**
 * The company backup of /outrosajustes (spec 3 "Other settings page", §7): every item of the
 * caller's company as JSON lines (`{"PK":…,"SK":…,…}` one per line, the company record first) in
 * the media bucket under `backups/` (deleted by the bucket after 7 days), made by a worker (a company may hold 100k tickets
 * and millions of messages) and handed back as a download link valid for a few minutes.
 *
 * Left out on purpose: what opens the company's accounts (password hashes, second-factor secrets,
 * refresh-token families, channel session credentials and leases, open sockets): a leaked backup
 * must not sign anyone in. Attributes named like secrets are masked.
 *
 * The request is here; the worker's turns are in backup-work.ts. The worker reads pages for its Lambda's time and uploads the file in parts of ≥ 5 MB (S3's
 * multipart minimum); the job keeps the parts and the read position after the last part, so the
 * next message goes on from there (what was read but not yet uploaded is read again). A
 * redelivered message finds the job moved on (the part count it read changed) and stops.
 */
import { randomUUID } from 'node:crypto';
import type { BackupJobView } from '@conversa/shared/schemas/backup';
import { getBackupJob, putBackupJob, type BackupJob } from '../../adapters/db/backups';
import { presignDownload } from '../../adapters/media';
import { enqueue } from '../../adapters/queue';
import { QUEUE } from '../../adapters/queue-config';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';

/** Where backups go: the bucket's lifecycle rule `expire-company-backups` deletes them after 7 days (infra storage stack). */
export const BACKUP_PREFIX = 'backups/';

/** The download link lives 10 minutes. */
const LINK_SECONDS = 600;

export async function requestBackup(auth: AuthContext): Promise<BackupJobView> {
  const now = new Date().toISOString();
  const jobId = randomUUID();
  const job: BackupJob = { jobId, companyId: auth.companyId, userId: auth.userId, key: `${BACKUP_PREFIX}companies/${auth.companyId}/${jobId}.jsonl`, parts: [], items: 0, finished: false, failed: false, createdAt: now, updatedAt: now };
  await putBackupJob(job);
  await recordAudit(auth, { action: 'backup.request', target: { id: jobId } });
  await enqueue(QUEUE.companyBackup, { companyId: auth.companyId, jobId });
  return view(job);
}

async function view(j: BackupJob): Promise<BackupJobView> {
  return {
    jobId: j.jobId,
    items: j.items,
    finished: j.finished,
    failed: j.failed,
    ...(j.finished && !j.failed ? { url: await presignDownload(j.key, `backup-${j.companyId}-${j.createdAt.slice(0, 10)}.jsonl`, LINK_SECONDS) } : {}),
    createdAt: j.createdAt,
    updatedAt: j.updatedAt,
  };
}

/** GET /backup-database/{jobId}: the caller's company's job only. */
export async function backupStatus(auth: AuthContext, jobId: string): Promise<BackupJobView> {
  const job = await getBackupJob(auth.companyId, jobId);
  if (!job) throw new AppError('ERR_NO_BACKUP_FOUND');
  return view(job);
}
