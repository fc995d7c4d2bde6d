import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { csvRows, readSheet, sniffFormat } from './sheet';

describe('contacts spreadsheets', () => {
  it('reads csv with a BOM, quotes, either separator and headers in any case', async () => {
    const csv = '\uFEFFNome;TELEFONE;E-mail\r\n"Silva; João";"+55 (11) 98765-4321";joao@example.test\r\n\r\n"Ana ""A""";5511900002222;\n';
    expect(await readSheet(Buffer.from(csv), 'csv')).toEqual([
      { row: 2, name: 'Silva; João', number: '+55 (11) 98765-4321', email: 'joao@example.test' },
      { row: 4, name: 'Ana "A"', number: '5511900002222', email: '' },
    ]);
    expect(csvRows('number,name\n123,"a\nb"\n456,c')).toEqual([
      { row: 1, cells: ['number', 'name'] },
      { row: 2, cells: ['123', 'a\nb'] },
      { row: 4, cells: ['456', 'c'] },
    ]);
  });

  it('reads xlsx cells of any kind: numbers, rich text, hyperlinks', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Contatos');
    ws.addRow(['email', 'Numero', 'name']);
    ws.addRow([{ text: 'x@example.test', hyperlink: 'mailto:x@example.test' }, 5511987654321, { richText: [{ text: 'Ma' }, { text: 'ria' }] }]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    expect(sniffFormat(bytes)).toBe('xlsx');
    expect(await readSheet(bytes, 'xlsx')).toEqual([{ row: 2, name: 'Maria', number: '5511987654321', email: 'x@example.test' }]);
  });

  it('refuses legacy xls, broken xlsx and a file without a number column', async () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(sniffFormat(ole)).toBe('xls');
    await expect(readSheet(ole, 'xls')).rejects.toMatchObject({ code: 'ERR_IMPORT_FILE_FORMAT' });
    await expect(readSheet(Buffer.from('PK\x03\x04garbage'), 'xlsx')).rejects.toMatchObject({ code: 'ERR_IMPORT_FILE_FORMAT' });
    await expect(readSheet(Buffer.from('nome;email\nAna;a@b.c'), 'csv')).rejects.toMatchObject({ code: 'ERR_IMPORT_NO_NUMBER_COLUMN' });
  });
});
