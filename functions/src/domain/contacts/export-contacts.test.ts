import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './export-contacts';

describe('contacts csv', () => {
  it('quotes separators and quotes, and defuses formulas', () => {
    expect(csvLine({ empresa: 'ACME; Ltda', name: 'Ana "A"', number: '5511900001111', email: 'a@b.c' })).toBe('"ACME; Ltda";"Ana ""A""";5511900001111;a@b.c');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('João')).toBe('João');
  });
});
