import { describe, expect, it } from 'vitest';
import { importPercent, isSpreadsheet, spreadsheetMimeType } from './list-import';

describe('list import', () => {
  it('takes .xlsx and .xls only', () => {
    expect(isSpreadsheet('Contatos.XLSX')).toBe(true);
    expect(isSpreadsheet('antiga.xls')).toBe(true);
    expect(isSpreadsheet('foto.png')).toBe(false);
    expect(isSpreadsheet('lista.csv')).toBe(false);
    expect(spreadsheetMimeType({ name: 'a.xls', type: '' })).toBe('application/vnd.ms-excel');
  });

  it('shows rows done of the total, 100 only once finished well', () => {
    expect(importPercent({ done: 0, total: 0, finished: false })).toBe(0);
    expect(importPercent({ done: 50, total: 50, finished: false })).toBe(99);
    expect(importPercent({ done: 25, total: 100, finished: false })).toBe(25);
    expect(importPercent({ done: 100, total: 100, finished: true })).toBe(100);
    expect(importPercent({ done: 0, total: 0, finished: true, failure: 'ERR_IMPORT_FILE_FORMAT' })).toBe(0);
  });
});
