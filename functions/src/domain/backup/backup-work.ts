/**
 * The company backup's worker turns (company-backup.ts has the request and the format's rules):
 * pages of the company's items read for the Lambda's time, uploaded in parts of at least 5 MB,
 * the read position kept after the last part. Only the backup worker loads this (its Scan).
 */
import { advanceBackupJob, getBackupJob } from '../../adapters/db/backups';
import { getCompany } from '../../adapters/db/companies';
import { companyItemsPage } from '../../adapters/db/company-scan';
import { completeMultipart, startMultipart, uploadPart } from '../../adapters/media';
import { enqueue } from '../../adapters/queue';
import { QUEUE, QUEUES } from '../../adapters/queue-config';

/** S3's smallest part but the last. */
export const PART_BYTES = 5 * 1024 * 1024;
/** Stop reading when the Lambda has less than this left. */
const MARGIN_MS = 15_000;

/** Partitions that open the company's accounts or only place its live connections. */
const LEFT_OUT = /#(SESSIONS|WS|WAAUTH#\d+|LEASE|BACKUPS)$/;
const SECRET_ATTRIBUTE = /password|secret|token|totp|recovery|apikey|api_key/i;

export function backupLine(item: Record<string, unknown>): string | undefined {
  if (LEFT_OUT.test(String(item.PK))) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) out[k] = SECRET_ATTRIBUTE.test(k) && v !== null && v !== '' ? '••••••' : v instanceof Set ? [...v] : v;
  return `${JSON.stringify(out)}\n`;
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
