/**
 * GET /contacts/export (spec 2 §8): `contacts.csv`, `;` separated, header `company;name;whatsapp;email`,
 * UTF-8 with a BOM so spreadsheet programs read the accents. Cells that a spreadsheet would run
 * as a formula (`=`, `+`, `-`, `@` first) are prefixed with `'`.
 */
import { queryContacts, type Contact } from '../../adapters/db/contacts';
import type { AuthContext } from '../auth/authenticate';

export const EXPORT_HEADER = ['company', 'name', 'whatsapp', 'email'];

export function csvCell(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (c: Pick<Contact, 'empresa' | 'name' | 'number' | 'email'>): string => [c.empresa ?? '', c.name, c.number, c.email ?? ''].map(csvCell).join(';');

/** Every contact of the company in name order (the Lambda answer holds about 80 000 rows at most). */
export async function exportContacts(auth: Pick<AuthContext, 'companyId'>): Promise<string> {
  const lines = [EXPORT_HEADER.join(';')];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await queryContacts(auth.companyId, { order: 'name', limit: 1000, start });
    for (const c of page.items) lines.push(csvLine(c));
    start = page.next;
  } while (start);
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
