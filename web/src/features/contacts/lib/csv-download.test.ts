import { describe, expect, it } from 'vitest';
import { downloadName, EXPORT_FILE_NAME } from './csv-download';

describe('downloadName', () => {
  it('is contacts.csv without a header', () => {
    expect(EXPORT_FILE_NAME).toBe('contacts.csv');
    expect(downloadName(null)).toBe('contacts.csv');
    expect(downloadName('attachment')).toBe('contacts.csv');
  });
  it('takes the server name, plain or RFC 5987', () => {
    expect(downloadName('attachment; filename="contacts.csv"')).toBe('contacts.csv');
    expect(downloadName('attachment; filename=contatos-2024.csv')).toBe('contatos-2024.csv');
    expect(downloadName("attachment; filename*=UTF-8''contatos%20empresa.csv")).toBe('contatos empresa.csv');
  });
  it('refuses paths and other extensions', () => {
    expect(downloadName('attachment; filename="../../etc/passwd"')).toBe('contacts.csv');
    expect(downloadName('attachment; filename="x.exe"')).toBe('contacts.csv');
    expect(downloadName('attachment; filename="dir/ok.csv"')).toBe('ok.csv');
  });
});
