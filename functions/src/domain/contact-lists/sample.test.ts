/** The sample spreadsheet the pages offer (web/public) is what the import reads: every row valid, company column included. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONTACT_LIST_SAMPLE, ContactListItemFields, sandboxHasAccount } from '@conversa/shared/schemas/contact-lists';
import { readSheet } from '../contacts/sheet';

const SAMPLE = fileURLToPath(new URL('../../../../web/public/planilha-exemplo-lista.xlsx', import.meta.url));

describe('the contact list sample spreadsheet', () => {
  it('reads back as CONTACT_LIST_SAMPLE, each row a valid item', async () => {
    const rows = await readSheet(readFileSync(SAMPLE), 'xlsx');
    expect(rows.map((r) => [r.name, r.number, r.email, r.empresa])).toEqual(CONTACT_LIST_SAMPLE.rows.map((r) => [...r]));
    for (const r of rows) expect(ContactListItemFields.safeParse(r).success).toBe(true);
  });

  it('the sandbox rule: 10 to 15 digits, not ending in 000', () => {
    expect(sandboxHasAccount('5511999990001')).toBe(true);
    expect(sandboxHasAccount('5511999990000')).toBe(false);
    expect(sandboxHasAccount('123456789')).toBe(false);
  });
});
