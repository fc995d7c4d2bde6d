/**
 * Contact import (spec 2 "Contacts list": import menu, .xls/.xlsx): the request checks the file
 * and queues a job; the contacts-import worker reads the file and handles the rows in file
 * order, saving progress on the job item after every chunk, so GET /contacts/upload/{jobId}
 * shows it live. A redelivered job resumes after the rows already saved; a row it had created
 * before a crash is recognised by the contact's `importJobId`/`importRow`. Numbers already in
 * the company (this file's earlier rows, or a second run of the same file) are duplicates.
 */
import { randomUUID } from 'node:crypto';
import { IMPORT_MAX_UNPACKED_BYTES, UPLOAD_LIMIT_BYTES } from '@conversa/shared/constants';
import { ContactBody, ContactNumber, type ImportProgress } from '@conversa/shared/schemas/contacts';
import { getJob, putJob, saveProgress, type ImportJob, type Progress, type RowError } from '../../adapters/db/import-jobs';
import { companyUploadPrefix, readUpload, unpackedUploadSize } from '../../adapters/import-files';
import { headMedia, isCompanyKey } from '../../adapters/media';
import { fitsType, SIGNATURE_BYTES } from '../../lib/file-signature';
import { enqueue } from '../../adapters/queue';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import { QUEUE } from '../../adapters/queue-config';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';
import { runChatsImport } from './import-chats';
import { createPhoneContact } from './manage-contacts';
import { canonicalNumber, digitsOnly } from './numbers';
import { sniffFormat, type SheetRow } from './sheet';
import { readSheetIsolated } from './sheet-thread';
import { afterListChunk, listRowHandler } from '../contact-lists/import-list';

type Auth = Pick<AuthContext, 'companyId' | 'userId' | 'user'>;

/** Rows handled between two progress saves. */
export const CHUNK = 25;
/** Rows of one chunk written side by side (rows of one number stay in file order). */
const LANES = 8;

export function progressView(j: ImportJob): ImportProgress {
  return { jobId: j.jobId, total: j.total, done: j.done, created: j.created, skipped: j.skipped, errors: j.errors, finished: j.finished, ...(j.failure ? { failure: j.failure } : {}) };
}

/**
 * POST /contacts/upload: the key must be one of the company's uploads, an .xlsx or .csv file.
 * With `contactListId` (POST /contact-lists/{id}/upload) the rows become that list's items.
 */
export async function startImport(auth: Auth, key: string, contactListId?: number): Promise<ImportProgress> {
  if (!key.startsWith(companyUploadPrefix(auth.companyId)) || !isCompanyKey(auth.companyId, key)) throw new AppError('ERR_IMPORT_FILE_NOT_FOUND');
  const head = await readUpload(key, SIGNATURE_BYTES);
  if (!head) throw new AppError('ERR_IMPORT_FILE_NOT_FOUND');
  const format = sniffFormat(head);
  if (format === 'xls' || (format === 'csv' && !fitsType('text/csv', head))) throw new AppError('ERR_IMPORT_FILE_FORMAT');
  // Refused before any reading: a file larger than an upload may be, or a zip that unpacks past the limit.
  const size = format === 'xlsx' ? await unpackedUploadSize(key) : (await headMedia(key))?.size;
  if (size === undefined) throw new AppError(format === 'xlsx' ? 'ERR_IMPORT_FILE_FORMAT' : 'ERR_IMPORT_FILE_NOT_FOUND');
  if (size > (format === 'xlsx' ? IMPORT_MAX_UNPACKED_BYTES : UPLOAD_LIMIT_BYTES)) throw new AppError('ERR_IMPORT_TOO_LARGE');
  const now = new Date().toISOString();
  const job: ImportJob = { jobId: randomUUID(), companyId: auth.companyId, userId: auth.userId, key, format, total: 0, done: 0, created: 0, skipped: 0, errors: [], finished: false, ...(contactListId ? { contactListId } : {}), createdAt: now, updatedAt: now };
  await putJob(job);
  await recordAudit(auth, { action: 'contact.import', target: { id: job.jobId, name: key.split('/').pop() }, after: { format } });
  await enqueue(QUEUE.contactsImport, { companyId: auth.companyId, jobId: job.jobId });
  return progressView(job);
}

/** GET /contacts/upload/{jobId}. */
export async function importProgress(auth: Auth, jobId: string): Promise<ImportProgress> {
  const job = await getJob(auth.companyId, jobId);
  if (!job) throw new AppError('ERR_NO_IMPORT_FOUND');
  // A chat import no session answered by its deadline (hosts never start it later): it ends here.
  if (job.format === 'chats' && !job.key && !job.finished && job.deadline !== undefined && Date.now() > job.deadline + 5_000) {
    const failed: Progress = { total: 0, done: 0, created: 0, skipped: 0, errors: [], finished: true, failure: 'ERR_WAPP_NOT_INITIALIZED' };
    if (await saveProgress(auth.companyId, jobId, 0, failed)) return progressView({ ...job, ...failed });
    return progressView((await getJob(auth.companyId, jobId)) ?? job);
  }
  return progressView(job);
}

const RowFields = ContactBody.pick({ name: true, email: true }).extend({ number: ContactNumber });

/** One row: created, or the reason it was not (a validation message or a duplicate code). */
async function importRow(job: ImportJob, r: SheetRow): Promise<string | undefined> {
  if (!r.name.trim()) return 'name: Required';
  if (!digitsOnly(r.number)) return 'number: Required';
  const parsed = RowFields.safeParse({ name: r.name, number: r.number, email: r.email });
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  const out = await createPhoneContact(job.companyId, { ...parsed.data, empresa: '', disableBot: false, acceptAudioMessage: true, extraInfo: [], importJobId: job.jobId, importRow: r.row });
  if (out.created) return undefined;
  // This job made it before a crash or a redelivery: still this row's creation.
  if (out.contact.importJobId === job.jobId && out.contact.importRow === r.row) return undefined;
  return out.code;
}

type RowHandler = (r: SheetRow) => Promise<string | undefined>;

/** A chunk's rows grouped by number: the groups run side by side, each in file order. */
async function importChunk(rows: SheetRow[], handle: RowHandler): Promise<(string | undefined)[]> {
  const results = new Array<string | undefined>(rows.length);
  const lanes = new Map<string, number[]>();
  rows.forEach((r, i) => {
    const k = canonicalNumber(r.number) || `row${r.row}`;
    lanes.set(k, [...(lanes.get(k) ?? []), i]);
  });
  const queue = [...lanes.values()];
  await Promise.all(
    Array.from({ length: Math.min(LANES, queue.length) }, async () => {
      for (let lane = queue.shift(); lane; lane = queue.shift()) {
        for (const i of lane) results[i] = await handle(rows[i]!);
      }
    }),
  );
  return results;
}

export type RunOutcome = 'finished' | 'continue' | 'gone';

/**
 * The contacts-import worker's turn on a job: works on it for the time there is, then queues it
 * again to go on where its progress stands.
 */
export async function workOnImport(companyId: number, jobId: string, timeLeft: () => number): Promise<RunOutcome> {
  const outcome = await runImport(companyId, jobId, timeLeft);
  if (outcome === 'continue') await enqueue(QUEUE.contactsImport, { companyId, jobId });
  return outcome;
}

/**
 * Works on a job until it is finished or `timeLeft()` drops under `reserveMs`; answers
 * `continue` when the caller must queue the job again.
 */
export async function runImport(companyId: number, jobId: string, timeLeft: () => number, reserveMs = 8_000): Promise<RunOutcome> {
  const job = await getJob(companyId, jobId);
  if (!job || job.finished) return 'gone';
  if (job.format === 'chats') return runChatsImport(job, timeLeft, reserveMs);
  const base: Progress = { total: job.total, done: job.done, created: job.created, skipped: job.skipped, errors: job.errors, finished: false };
  const bytes = await readUpload(job.key);
  let rows: SheetRow[];
  try {
    if (!bytes) throw new AppError('ERR_IMPORT_FILE_NOT_FOUND');
    rows = await readSheetIsolated(bytes, job.format);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await saveProgress(companyId, jobId, job.done, { ...base, finished: true, failure: err.code });
    return 'finished';
  }
  const handle: RowHandler = job.contactListId ? await listRowHandler(job, rows.slice(job.done)) : (r) => importRow(job, r);
  let p: Progress = { ...base, total: rows.length };
  if (p.done >= rows.length) {
    await saveProgress(companyId, jobId, p.done, { ...p, finished: true });
    return 'finished';
  }
  while (p.done < rows.length) {
    const chunk = rows.slice(p.done, p.done + CHUNK);
    const results = await importChunk(chunk, handle);
    if (job.contactListId) await afterListChunk(job, p.done + chunk.length >= rows.length);
    const errors: RowError[] = [];
    results.forEach((e, i) => e && errors.push({ row: chunk[i]!.row, error: e }));
    const next: Progress = {
      total: rows.length,
      done: p.done + chunk.length,
      created: p.created + results.filter((e) => !e).length,
      skipped: p.skipped + errors.length,
      errors: [...p.errors, ...errors],
      finished: p.done + chunk.length >= rows.length,
    };
    if (!(await saveProgress(companyId, jobId, p.done, next))) {
      log.warn('contacts import: another worker moved the job on', { companyId, jobId });
      return 'gone';
    }
    p = next;
    if (!p.finished && timeLeft() < reserveMs) return 'continue';
  }
  return 'finished';
}
