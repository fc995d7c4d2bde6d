import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { csvRows, readSheet, sniffFormat } from './sheet';
import { readSheetIsolated } from './sheet-thread';

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

  it('reads the company column (empresa / company) only when the sheet has one', async () => {
    const rows = await readSheet(Buffer.from('Nome;Telefone;E-mail;Empresa\nAna;5511900001111;;Loja da Ana\n'), 'csv');
    expect(rows).toEqual([{ row: 2, name: 'Ana', number: '5511900001111', email: '', empresa: 'Loja da Ana' }]);
    expect((await readSheet(Buffer.from('name,phone,company\nBia,5511900002222,ACME\n'), 'csv'))[0]!.empresa).toBe('ACME');
  });

  it('refuses legacy xls, broken xlsx and a file without a number column', async () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(sniffFormat(ole)).toBe('xls');
    await expect(readSheet(ole, 'xls')).rejects.toMatchObject({ code: 'ERR_IMPORT_FILE_FORMAT' });
    await expect(readSheet(Buffer.from('PK\x03\x04garbage'), 'xlsx')).rejects.toMatchObject({ code: 'ERR_IMPORT_FILE_FORMAT' });
    await expect(readSheet(Buffer.from('nome;email\nAna;a@b.c'), 'csv')).rejects.toMatchObject({ code: 'ERR_IMPORT_NO_NUMBER_COLUMN' });
  });

  it('stops reading past the row limit, in csv and in xlsx, without reading the rest', async () => {
    const csv = ['nome;numero', ...Array.from({ length: 10 }, (_, i) => `Pessoa ${i};55119000000${i}`)].join('\n');
    expect(await readSheet(Buffer.from(csv), 'csv', 10)).toHaveLength(10);
    await expect(readSheet(Buffer.from(csv), 'csv', 9)).rejects.toMatchObject({ code: 'ERR_IMPORT_TOO_MANY_ROWS' });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Contatos');
    ws.addRow(['nome', 'numero']);
    for (let i = 0; i < 10; i++) ws.addRow([`Pessoa ${i}`, 5511900000000 + i]);
    wb.addWorksheet('Outra').addRow(['numero']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    expect((await readSheet(xlsx, 'xlsx', 10)).map((r) => r.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Pessoa ${i}`));
    await expect(readSheet(xlsx, 'xlsx', 9)).rejects.toMatchObject({ code: 'ERR_IMPORT_TOO_MANY_ROWS' });
  });
});

describe('the isolated reader (a thread with its own heap ceiling)', () => {
  it('answers the rows, and the reader\'s own refusals with their codes', async () => {
    const csv = Buffer.from('nome;numero\nAna;5511900001111\nBia;5511900002222\n');
    expect(await readSheetIsolated(csv, 'csv')).toEqual([
      { row: 2, name: 'Ana', number: '5511900001111', email: '' },
      { row: 3, name: 'Bia', number: '5511900002222', email: '' },
    ]);
    await expect(readSheetIsolated(csv, 'csv', { maxRows: 1 })).rejects.toMatchObject({ code: 'ERR_IMPORT_TOO_MANY_ROWS' });
    await expect(readSheetIsolated(Buffer.from('nome\nAna'), 'csv')).rejects.toMatchObject({ code: 'ERR_IMPORT_NO_NUMBER_COLUMN' });
  });

  it('a file whose reading outgrows the ceiling is ERR_IMPORT_TOO_LARGE, and this process goes on', async () => {
    // 3,000 distinct 8 KB names (24 MB of shared strings, a small zip): past a 16 MB heap as they are read.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Contatos');
    ws.addRow(['nome', 'numero']);
    for (let i = 0; i < 3_000; i++) ws.addRow([`Pessoa ${i} ${'x'.repeat(8_000)}`, 5511900000000 + i]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    await expect(readSheetIsolated(xlsx, 'xlsx', { heapMb: 16 })).rejects.toMatchObject({ code: 'ERR_IMPORT_TOO_LARGE' });
    // The same file within a ceiling that holds it: read whole.
    expect(await readSheetIsolated(xlsx, 'xlsx', { heapMb: 192 })).toHaveLength(3_000);
  }, 120_000);
});
