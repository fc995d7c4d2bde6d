import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from '@conversa/shared/constants';
import { checkImportFile, importMimeType, progressPercent, visibleErrors } from './import-progress';

describe('progressPercent', () => {
  it('is 0 before the total is known and floors the ratio while running', () => {
    expect(progressPercent(undefined)).toBe(0);
    expect(progressPercent({ done: 0, total: 0, finished: false })).toBe(0);
    expect(progressPercent({ done: 1, total: 3, finished: false })).toBe(33);
    expect(progressPercent({ done: 2, total: 3, finished: false })).toBe(66);
  });
  it('reaches 100 only when the job says finished (even with no rows)', () => {
    expect(progressPercent({ done: 3, total: 3, finished: false })).toBe(99);
    expect(progressPercent({ done: 3, total: 3, finished: true })).toBe(100);
    expect(progressPercent({ done: 0, total: 0, finished: true })).toBe(100);
    // A job that failed part-way shows how far it got, not 100.
    expect(progressPercent({ done: 75, total: 100, finished: true, failure: 'ERR_IMPORT_TOO_MANY_ROWS' })).toBe(75);
    expect(progressPercent({ done: 0, total: 0, finished: true, failure: 'ERR_IMPORT_FILE_FORMAT' })).toBe(0);
  });
  it('never leaves 0–100 on odd reports', () => {
    expect(progressPercent({ done: 9, total: 3, finished: false })).toBe(99);
    expect(progressPercent({ done: -1, total: 3, finished: false })).toBe(0);
  });
});

describe('import file checks', () => {
  it('takes xlsx, xls and csv up to 20 MB', () => {
    expect(checkImportFile({ name: 'Contatos.XLSX', size: 10 })).toBe('ok');
    expect(checkImportFile({ name: 'a.xls', size: 10 })).toBe('ok');
    expect(checkImportFile({ name: 'a.csv', size: UPLOAD_LIMIT_BYTES })).toBe('ok');
    expect(checkImportFile({ name: 'a.csv', size: UPLOAD_LIMIT_BYTES + 1 })).toBe('tooBig');
    expect(checkImportFile({ name: 'a.pdf', size: 10 })).toBe('wrongType');
  });
  it('declares the type of the extension when the browser gives none', () => {
    expect(importMimeType({ name: 'a.csv', type: '' })).toBe('text/csv');
    expect(importMimeType({ name: 'a.xlsx', type: '' })).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(importMimeType({ name: 'a.csv', type: 'application/vnd.ms-excel' })).toBe('application/vnd.ms-excel');
  });
});

describe('visibleErrors', () => {
  it('sorts by row and caps the list, counting the rest', () => {
    const p = { jobId: 'j', total: 5, done: 5, created: 1, skipped: 0, finished: true, errors: [{ row: 5, error: 'x' }, { row: 2, error: 'y' }, { row: 3, error: 'z' }] };
    expect(visibleErrors(p, 2)).toEqual({ shown: [{ row: 2, error: 'y' }, { row: 3, error: 'z' }], hidden: 1 });
  });
});
