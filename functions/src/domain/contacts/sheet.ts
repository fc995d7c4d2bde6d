/**
 * Reads a contacts spreadsheet: .xlsx (exceljs) or .csv (`;`, `,` or tab separated, UTF-8 with
 * or without BOM). Legacy .xls (OLE2) is refused with ERR_IMPORT_FILE_FORMAT: the only npm
 * reader for it (SheetJS `xlsx` 0.18.5, the last version on the registry) has known
 * prototype-pollution and ReDoS flaws when reading crafted files, and these files are uploaded
 * by users. Columns by header, case and accents ignored: name/nome, number/numero/telefone,
 * email/e-mail, empresa/company. Rows are read as a stream (the .xlsx's first worksheet, cell by cell; nothing
 * builds the whole workbook) and reading stops past IMPORT_MAX_ROWS data rows with
 * ERR_IMPORT_TOO_MANY_ROWS. Run it through readSheetIsolated (sheet-thread.ts), which gives it a
 * heap ceiling of its own.
 */
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS } from '@conversa/shared/constants';
import { fold } from '../../adapters/db/contacts';
import { AppError } from '../../lib/app-error';

/** `empresa` only when the sheet has such a column (a contact list's item keeps it). */
export type SheetRow = { row: number; name: string; number: string; email: string; empresa?: string };
export type SheetFormat = 'xlsx' | 'xls' | 'csv';

const COLUMNS: Record<string, keyof Required<Omit<SheetRow, 'row'>>> = {
  name: 'name', nome: 'name',
  number: 'number', numero: 'number', telefone: 'number', phone: 'number', whatsapp: 'number', celular: 'number',
  email: 'email', 'e-mail': 'email', mail: 'email',
  empresa: 'empresa', company: 'empresa',
};

/** The format by the file's first bytes: a zip is xlsx, an OLE2 compound file is xls, the rest is read as text. */
export function sniffFormat(head: Uint8Array): SheetFormat {
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'xlsx';
  if (head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0) return 'xls';
  return 'csv';
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v).toString() : String(v);
  if (typeof v === 'string' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown; hyperlink?: string };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return cellText(o.text);
    if (o.result !== undefined) return cellText(o.result);
  }
  return '';
}

/** Rows as cell texts with their 1-based row numbers, empty rows left out. */
type RawRow = { row: number; cells: string[] };

/** The header and at most `maxRows` data rows; one more is ERR_IMPORT_TOO_MANY_ROWS. */
function keep(rows: RawRow[], r: RawRow, maxRows: number): void {
  if (!r.cells.some((c) => c !== '')) return;
  if (rows.length > maxRows) throw new AppError('ERR_IMPORT_TOO_MANY_ROWS');
  rows.push(r);
}

async function xlsxRows(bytes: Buffer, maxRows: number): Promise<RawRow[]> {
  // exceljs is loaded when a spreadsheet is read (its own chunk in the bundle: infra/lib/bundle-function.mjs).
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([bytes]), { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'ignore' });
  const rows: RawRow[] = [];
  try {
    for await (const sheet of reader) {
      for await (const r of sheet as AsyncIterable<ExcelJS.Row>) keep(rows, { row: r.number, cells: (r.values as unknown[]).slice(1).map((v) => cellText(v).trim()) }, maxRows);
      break; // the first worksheet only
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('ERR_IMPORT_FILE_FORMAT');
  }
  return rows;
}

/** RFC 4180 fields: quotes around a field, `""` inside; the separator guessed from the header line. */
export function csvRows(text: string, maxRows = IMPORT_MAX_ROWS): RawRow[] {
  const src = text.replace(/^\uFEFF/, '');
  const firstLine = src.slice(0, src.search(/\r?\n|$/));
  const sep = [';', ',', '\t'].map((s) => [s, firstLine.split(s).length] as const).sort((a, b) => b[1] - a[1])[0]![0];
  const rows: RawRow[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowStart = 1;
  const endRow = () => {
    cells.push(field);
    keep(rows, { row: rowStart, cells: cells.map((c) => c.trim()) }, maxRows);
    cells = [];
    field = '';
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === sep) {
      cells.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      endRow();
      rowStart = ++line;
    } else field += ch;
  }
  if (field !== '' || cells.length) endRow();
  return rows;
}

/** The data rows of a contacts file, by their header; ERR_IMPORT_NO_NUMBER_COLUMN without a number column. */
export async function readSheet(bytes: Buffer, format: SheetFormat, maxRows = IMPORT_MAX_ROWS): Promise<SheetRow[]> {
  if (format === 'xls') throw new AppError('ERR_IMPORT_FILE_FORMAT');
  const raw = format === 'xlsx' ? await xlsxRows(bytes, maxRows) : csvRows(bytes.toString('utf8'), maxRows);
  const [header, ...data] = raw;
  const at: Partial<Record<keyof Required<Omit<SheetRow, 'row'>>, number>> = {};
  header?.cells.forEach((h, i) => {
    const col = COLUMNS[fold(h).trim()];
    if (col && at[col] === undefined) at[col] = i;
  });
  if (at.number === undefined) throw new AppError('ERR_IMPORT_NO_NUMBER_COLUMN');
  const cell = (r: RawRow, i: number | undefined) => (i === undefined ? '' : (r.cells[i] ?? ''));
  return data.map((r) => ({ row: r.row, name: cell(r, at.name), number: cell(r, at.number), email: cell(r, at.email), ...(at.empresa === undefined ? {} : { empresa: cell(r, at.empresa) }) }));
}
