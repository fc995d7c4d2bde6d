/** The import dialog's arithmetic and file checks (spec 2 §5: xlsx, xls and csv; 20 MB, spec 1 §9). */
import type { ImportProgress } from '@conversa/shared/schemas/contacts';
import { UPLOAD_LIMIT_BYTES } from '@conversa/shared/constants';

/** Whole percent done, 0–100; a finished job is 100 even with no rows, one that failed shows how far it got. */
export function progressPercent(p: (Pick<ImportProgress, 'done' | 'total' | 'finished'> & { failure?: string }) | undefined): number {
  if (!p) return 0;
  if (p.finished && !p.failure) return 100;
  if (p.finished && p.total <= 0) return 0;
  if (p.total <= 0) return 0;
  return Math.min(p.finished ? 100 : 99, Math.max(0, Math.floor((p.done / p.total) * 100)));
}

export const IMPORT_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
export const IMPORT_ACCEPT = IMPORT_EXTENSIONS.join(',');

export type FileCheck = 'ok' | 'wrongType' | 'tooBig';

export function checkImportFile(file: { name: string; size: number }): FileCheck {
  const name = file.name.toLowerCase();
  if (!IMPORT_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'wrongType';
  if (file.size > UPLOAD_LIMIT_BYTES) return 'tooBig';
  return 'ok';
}

/** Errors sorted by row, at most `limit` shown (the rest is counted). */
export function visibleErrors(p: ImportProgress | undefined, limit = 100): { shown: ImportProgress['errors']; hidden: number } {
  const all = [...(p?.errors ?? [])].sort((a, b) => a.row - b.row);
  return { shown: all.slice(0, limit), hidden: Math.max(0, all.length - limit) };
}

const MIME_BY_EXTENSION: Record<(typeof IMPORT_EXTENSIONS)[number], string> = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.csv': 'text/csv',
};

/** The type the upload declares: the browser's, else the one of the extension (some systems give none for .csv). */
export function importMimeType(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  const ext = IMPORT_EXTENSIONS.find((e) => file.name.toLowerCase().endsWith(e));
  return ext ? MIME_BY_EXTENSION[ext] : 'application/octet-stream';
}
