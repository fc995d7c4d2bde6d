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
 * The worker reads pages for its Lambda's time and uploads the file in parts of ≥ 5 MB (S3's
 * multipart minimum); the job keeps the parts and the read position after the last part, so the
 * next message goes on from there (what was read but not yet uploaded is read again). A
 * redelivered message finds the job moved on (the part count it read changed) and stops.
 */
import { randomUUID } from 'node:crypto';
import type { BackupJobView } from '@conversa/shared/schemas/backup';
import { advanceBackupJob, companyItemsPage, getBackupJob, putBackupJob, type BackupJob } from '../../adapters/db/backups';
import { getCompany } from '../../adapters/db/companies';
import { completeMultipart, presignDownload, startMultipart, uploadPart } from '../../adapters/media';
import { enqueue } from '../../adapters/queue';
import { QUEUE, QUEUES } from '../../adapters/queue-config';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';

/** Where backups go: the bucket's lifecycle rule `expire-company-backups` deletes them after 7 days (infra storage stack). */
export const BACKUP_PREFIX = 'backups/';

/** S3's smallest part but the last. */
export const PART_BYTES = 5 * 1024 * 1024;
/** Stop reading when the Lambda has less than this left. */
const MARGIN_MS = 15_000;
/** The download link lives 10 minutes. */
const LINK_SECONDS = 600;

/** Partitions that open the company's accounts or only place its live connections. */
const LEFT_OUT = /#(SESSIONS|WS|WAAUTH#\d+|LEASE|BACKUPS)$/;
const SECRET_ATTRIBUTE = /password|secret|token|totp|recovery|apikey|api_key/i;

export function backupLine(item: Record<string, unknown>): string | undefined {
  if (LEFT_OUT.test(String(item.PK))) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) out[k] = SECRET_ATTRIBUTE.test(k) && v !== null && v !== '' ? '••••••' : v instanceof Set ? [...v] : v;
  return `${JSON.stringify(out)}\n`;
}

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

/** The worker's turn on a job: 'done', 'continue' (queued again) or 'stale' (another delivery moved it). */
export async function workOnBackup(companyId: number, jobId: string, remainingMs: () => number): Promise<'done' | 'continue' | 'stale'> {
  const job = await getBackupJob(companyId, jobId);
  if (!job || job.finished) return 'done';
  let parts = [...job.parts];
  let uploadId = job.uploadId;
  if (!uploadId) {
    uploadId = await startMultipart(job.key, 'application/x-ndjson');
    if (!(await advanceBackupJob(job, 0, { uploadId }))) return 'stale';
  }
  let cursor = job.cursor;
  let items = job.items;
  let buffer: string[] = [];
  let bytes = 0;
  let pending = 0;
  // The company record (its platform item) opens the file.
  if (parts.length === 0 && !cursor) {
    const company = await getCompany(companyId, true);
    if (company) {
      const line = backupLine({ PK: `P#COMPANY#${companyId}`, SK: 'META', ...company })!;
      buffer.push(line);
      bytes += Buffer.byteLength(line);
      pending += 1;
    }
  }
  let readFrom = cursor;
  for (;;) {
    const page = await companyItemsPage(companyId, readFrom);
    for (const item of page.items) {
      const line = backupLine(item);
      if (!line) continue;
      buffer.push(line);
      bytes += Buffer.byteLength(line);
      pending += 1;
    }
    readFrom = page.last;
    const done = !page.last;
    if (bytes >= PART_BYTES || (done && (bytes > 0 || parts.length === 0))) {
      const n = parts.length + 1;
      const etag = await uploadPart(job.key, uploadId, n, Buffer.from(buffer.join('')));
      const before = parts.length;
      parts = [...parts, { n, etag }];
      items += pending;
      cursor = readFrom;
      if (!(await advanceBackupJob(job, before, { parts, cursor, items }))) return 'stale';
      buffer = [];
      bytes = 0;
      pending = 0;
    }
    if (done) {
      await completeMultipart(job.key, uploadId, parts);
      await advanceBackupJob(job, parts.length, { finished: true });
      return 'done';
    }
    if (remainingMs() < MARGIN_MS) {
      // What was read since the last part is read again by the next turn.
      await enqueue(QUEUE.companyBackup, { companyId, jobId });
      return 'continue';
    }
  }
}

/** The delivery after which the dead-letter queue takes the message. */
export const isLastTry = (receiveCount: number): boolean => receiveCount >= QUEUES.find((q) => q.name === QUEUE.companyBackup)!.maxReceives;

/** A job whose messages all failed (the dead-letter queue took the last): marked failed for the page. */
export async function failBackup(companyId: number, jobId: string): Promise<void> {
  const job = await getBackupJob(companyId, jobId);
  if (job && !job.finished) await advanceBackupJob(job, job.parts.length, { failed: true, finished: true });
}
