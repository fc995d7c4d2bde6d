/** The list import's file check and the sample spreadsheet (spec 3 "Contact list items page": .xls and .xlsx). */
import type { ImportProgress } from '@conversa/shared/schemas/contacts';

export const SPREADSHEET_EXTENSIONS = ['.xlsx', '.xls'] as const;
export const SPREADSHEET_ACCEPT = SPREADSHEET_EXTENSIONS.join(',');
/** The sample spreadsheet (web/public), the header and rows of CONTACT_LIST_SAMPLE. */
export const SAMPLE_HREF = '/planilha-exemplo-lista.xlsx';

export const isSpreadsheet = (name: string): boolean => SPREADSHEET_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** The type the upload declares: the browser's, else the one of the extension. */
export function spreadsheetMimeType(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  return file.name.toLowerCase().endsWith('.xls') ? 'application/vnd.ms-excel' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
}

/** Whole percent done: 100 once finished without failure, else rows done of the total. */
export function importPercent(p: Pick<ImportProgress, 'done' | 'total' | 'finished' | 'failure'>): number {
  if (p.finished && !p.failure) return 100;
  return p.total > 0 ? Math.min(99, Math.floor((p.done / p.total) * 100)) : 0;
}
