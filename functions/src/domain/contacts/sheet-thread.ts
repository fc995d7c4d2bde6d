/**
 * Reads a contacts file in a worker thread with a heap ceiling of its own (IMPORT_READER_HEAP_MB):
 * a crafted or huge file can neither grow the import worker's process nor hold its event loop (on
 * the local stack the API shares that process). A thread that runs out of memory answers
 * ERR_IMPORT_TOO_LARGE; the reader's own refusals (ERR_IMPORT_TOO_MANY_ROWS, ERR_IMPORT_FILE_FORMAT,
 * ERR_IMPORT_NO_NUMBER_COLUMN) come back as they are.
 *
 * The thread runs this same module: the Lambda bundle is one file, so the thread loads the bundle
 * and only the block at the bottom runs; from TypeScript sources (the local stack, tests) the thread
 * first registers tsx.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { IMPORT_MAX_ROWS, IMPORT_READER_HEAP_MB } from '@conversa/shared/constants';
import type { ErrorCode } from '@conversa/shared/errors';
import { AppError } from '../../lib/app-error';
import { readSheet, type SheetFormat, type SheetRow } from './sheet';

const KIND = 'conversa-sheet-reader';
type Job = { kind: typeof KIND; bytes: Uint8Array; format: SheetFormat; maxRows: number };
type Answer = { rows: SheetRow[] } | { code: ErrorCode } | { crash: string };

function thread(job: Job, heapMb: number): Worker {
  const url = import.meta.url;
  const options = { workerData: job, resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 }, stdout: false, stderr: false };
  if (!url.endsWith('.ts')) return new Worker(new URL(url), options);
  return new Worker(`import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(url)}); })`, { ...options, eval: true });
}

export function readSheetIsolated(bytes: Buffer, format: SheetFormat, opts: { maxRows?: number; heapMb?: number } = {}): Promise<SheetRow[]> {
  return new Promise((resolve, reject) => {
    const w = thread({ kind: KIND, bytes, format, maxRows: opts.maxRows ?? IMPORT_MAX_ROWS }, opts.heapMb ?? IMPORT_READER_HEAP_MB);
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void w.terminate(); // a reader stopped early may still hold its unzip stream open
    };
    w.once('message', (a: Answer) => settle(() => ('rows' in a ? resolve(a.rows) : 'code' in a ? reject(new AppError(a.code)) : reject(new Error(`sheet reader: ${a.crash}`)))));
    w.once('error', (err: Error & { code?: string }) => settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError('ERR_IMPORT_TOO_LARGE') : err)));
    w.once('exit', (code) => settle(() => reject(new Error(`sheet reader ended with code ${code} before answering`))));
  });
}

if (!isMainThread && (workerData as Job | undefined)?.kind === KIND) {
  const job = workerData as Job;
  readSheet(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength), job.format, job.maxRows).then(
    (rows) => parentPort!.postMessage({ rows } satisfies Answer),
    (err: unknown) => parentPort!.postMessage((err instanceof AppError ? { code: err.code } : { crash: (err as Error)?.message ?? String(err) }) satisfies Answer),
  );
}
