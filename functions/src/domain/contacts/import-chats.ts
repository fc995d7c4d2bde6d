/**
 * POST /contacts/import/chats (spec 2 "Contacts list", import menu): the people a connection's
 * session knows become contacts. Same job model as the spreadsheet import (import-contacts.ts):
 * the request makes a `chats` job and sends the session a `listChats` command; the host writes the
 * list to the media bucket and answers on the inbound queue (`chatsListed` attaches the file and
 * queues the job); the contacts-import worker creates the missing contacts chunk by chunk, saving
 * progress (GET /contacts/upload/{jobId}). A number already in the company is skipped, not an
 * error, so a second import creates nothing. Groups and message history are not imported.
 */
import { randomUUID } from 'node:crypto';
import { isSessionChannel, SESSION_UNAVAILABLE, type CommandResult } from '@conversa/shared/channels';
import { IMPORT_MAX_ROWS, IMPORT_MAX_UNPACKED_BYTES } from '@conversa/shared/constants';
import { z } from 'zod';
import { getConnection, listConnections, type Connection } from '../../adapters/db/connections';
import { attachJobFile, getJob, putJob, saveProgress, type ImportJob, type Progress, type RowError } from '../../adapters/db/import-jobs';
import { readUpload } from '../../adapters/import-files';
import { enqueue } from '../../adapters/queue';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import { QUEUE } from '../../adapters/queue-config';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';
import { sendCommand } from '../connections/session-commands';
import { createPhoneContact } from './manage-contacts';
import { digitsOnly } from './numbers';

type Auth = Pick<AuthContext, 'companyId' | 'userId' | 'user'>;

/** How long a session has to answer the list before the job reports ERR_WAPP_NOT_INITIALIZED. */
export const LIST_COMMAND_MS = 60_000;
/** People handled between two progress saves, and side by side within one. */
const CHUNK = 25;

/** The connection asked for, else the company's default, else its only session connection. */
async function connectionFor(companyId: number, whatsappId: number | undefined): Promise<Connection> {
  if (whatsappId !== undefined) {
    const conn = await getConnection(companyId, whatsappId);
    if (!conn) throw new AppError('ERR_NO_WAPP_FOUND');
    return conn;
  }
  const all = await listConnections(companyId);
  const sessions = all.filter((c) => isSessionChannel(c.channel));
  const def = all.find((c) => c.isDefault) ?? (sessions.length === 1 ? sessions[0] : undefined);
  if (!def) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
  return def;
}

/** Starts the import: the job (no list yet) and the session's command. */
export async function startChatsImport(auth: Auth, whatsappId: number | undefined): Promise<ImportJob> {
  const conn = await connectionFor(auth.companyId, whatsappId);
  // The Graph channels have no address book to read.
  if (!isSessionChannel(conn.channel)) throw new AppError('ERR_CANT_IMPORT_MSGS');
  if (conn.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  const now = Date.now();
  const job: ImportJob = {
    jobId: randomUUID(), companyId: auth.companyId, userId: auth.userId, key: '', format: 'chats', whatsappId: conn.id, deadline: now + LIST_COMMAND_MS,
    total: 0, done: 0, created: 0, skipped: 0, errors: [], finished: false, createdAt: new Date(now).toISOString(), updatedAt: new Date(now).toISOString(),
  };
  await putJob(job);
  await recordAudit(auth, { action: 'contact.import', target: { id: job.jobId, name: conn.name }, after: { format: 'chats', whatsappId: conn.id } });
  await sendCommand({ kind: 'command', command: 'listChats', companyId: auth.companyId, whatsappId: conn.id, requestId: job.jobId, deadline: job.deadline! });
  return job;
}

/** The host's answer (inbound worker): the list attached and the job queued, or the job ended with the failure. */
export async function chatsListed(r: CommandResult): Promise<void> {
  const job = await getJob(r.companyId, r.requestId);
  if (!job || job.finished || job.format !== 'chats') return;
  if (r.error || !r.chats) {
    log.warn('chat import: the session could not list its chats', { companyId: r.companyId, jobId: job.jobId, error: r.error });
    await saveProgress(r.companyId, job.jobId, 0, { total: 0, done: 0, created: 0, skipped: 0, errors: [], finished: true, failure: r.error?.startsWith(SESSION_UNAVAILABLE) ? 'ERR_WAPP_NOT_INITIALIZED' : 'ERR_IMPORT_CHATS_FAILED' });
    return;
  }
  // A redelivered answer finds the file attached: the first one queued the job.
  if (await attachJobFile(r.companyId, job.jobId, r.chats.key, r.chats.count)) await enqueue(QUEUE.contactsImport, { companyId: r.companyId, jobId: job.jobId });
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

const KnownChats = z.array(z.object({ number: z.string().max(64), name: z.string().max(500).default('') }));

/** A name the contact rules accept (2–50 characters): the channel's, cut, else the number. */
function contactName(name: string, number: string): string {
  const n = name.replace(/\s+/g, ' ').trim();
  return n.length >= 2 ? [...n].slice(0, 50).join('').trim() : number;
}

/** One person: undefined when created or already a contact; else why not. */
async function importPerson(job: ImportJob, row: number, p: { number: string; name: string }): Promise<{ created: boolean; error?: string }> {
  const number = digitsOnly(p.number);
  if (number.length < 8 || number.length > 20) return { created: false, error: 'number: Too Short!' };
  const out = await createPhoneContact(job.companyId, { name: contactName(p.name, number), number, email: '', empresa: '', disableBot: false, acceptAudioMessage: true, extraInfo: [], importJobId: job.jobId, importRow: row });
  if (out.created) return { created: true };
  // Made by this job before a crash or redelivery: still this row's creation.
  return { created: out.contact.importJobId === job.jobId && out.contact.importRow === row };
}

/** The contacts-import worker's part for a `chats` job (runImport hands it over). */
export async function runChatsImport(job: ImportJob, timeLeft: () => number, reserveMs: number): Promise<'finished' | 'continue' | 'gone'> {
  const { companyId, jobId } = job;
  const bytes = job.key ? await readUpload(job.key) : undefined;
  let p: Progress = { total: job.total, done: job.done, created: job.created, skipped: job.skipped, errors: job.errors, finished: false };
  const failure = !bytes ? 'ERR_IMPORT_CHATS_FAILED' : bytes.length > IMPORT_MAX_UNPACKED_BYTES ? 'ERR_IMPORT_TOO_LARGE' : undefined;
  const parsed = bytes && !failure ? KnownChats.safeParse(parseJson(bytes)) : undefined;
  const tooMany = parsed?.success && parsed.data.length > IMPORT_MAX_ROWS;
  if (failure || !parsed?.success || tooMany) {
    await saveProgress(companyId, jobId, job.done, { ...p, finished: true, failure: failure ?? (tooMany ? 'ERR_IMPORT_TOO_MANY_ROWS' : 'ERR_IMPORT_CHATS_FAILED') });
    return 'finished';
  }
  const people = parsed.data;
  p = { ...p, total: people.length };
  if (p.done >= people.length) {
    await saveProgress(companyId, jobId, p.done, { ...p, finished: true });
    return 'finished';
  }
  while (p.done < people.length) {
    const chunk = people.slice(p.done, p.done + CHUNK);
    const results = await Promise.all(chunk.map((person, i) => importPerson(job, p.done + i + 1, person)));
    const errors: RowError[] = [];
    results.forEach((r, i) => r.error && errors.push({ row: p.done + i + 1, error: r.error }));
    const next: Progress = {
      total: people.length,
      done: p.done + chunk.length,
      created: p.created + results.filter((r) => r.created).length,
      skipped: p.skipped + results.filter((r) => !r.created).length,
      errors: [...p.errors, ...errors],
      finished: p.done + chunk.length >= people.length,
    };
    if (!(await saveProgress(companyId, jobId, p.done, next))) {
      log.warn('chat import: another worker moved the job on', { companyId, jobId });
      return 'gone';
    }
    p = next;
    if (!p.finished && timeLeft() < reserveMs) return 'continue';
  }
  return 'finished';
}
