import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { findDirectory, unpackedSize } from './zip-size';
import { zipOf } from './zip-size.fixture';

const measure = (zip: Buffer) => {
  const dir = findDirectory(zip.subarray(Math.max(0, zip.length - 65_557)))!;
  return unpackedSize(zip.subarray(dir.offset, dir.offset + dir.size), dir.entries);
};

describe('zip size from the central directory', () => {
  it('sums what an .xlsx unpacks to', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Contatos');
    for (let i = 0; i < 500; i++) ws.addRow([`Pessoa ${i}`, 5511900000000 + i]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const size = measure(xlsx)!;
    expect(size).toBeGreaterThan(xlsx.length);
    expect(size).toBeLessThan(200_000);
  });

  it('measures a zip bomb without inflating it', () => {
    const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(80 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(200_000);
    expect(measure(bomb)).toBe(80 * 1024 * 1024);
  });

  it('answers undefined for what is not a zip', () => {
    expect(findDirectory(Buffer.from('nome;numero\nAna;5511'))).toBeUndefined();
  });
});
