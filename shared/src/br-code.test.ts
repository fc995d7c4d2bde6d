import { describe, expect, it } from 'vitest';
import { buildBrCode, crc16, parseBrCode, parseFields } from './br-code';

// The static example of the central bank's "Manual de Padrões para Iniciação do Pix" (annex: BR Code).
const MANUAL_VECTOR =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('BR Code', () => {
  it('computes the CRC of the central bank manual example', () => {
    expect(crc16(MANUAL_VECTOR.slice(0, -4))).toBe('1D3D');
    expect(crc16('123456789')).toBe('29B1'); // CRC-16/CCITT-FALSE check value
  });

  it('builds the manual example byte for byte', () => {
    expect(buildBrCode({ key: '123e4567-e12b-12d1-a456-426655440000', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' })).toBe(MANUAL_VECTOR);
  });

  it('builds a dynamic charge that parses field by field', () => {
    const code = buildBrCode({ location: 'pix.example.com/qr/v2/9d36b84f', amount: '199.00', merchantName: 'Conversa Plataforma São Paulo Ltda', merchantCity: 'São Paulo', txid: 'INV7C5x', singleUse: true });
    const f = parseBrCode(code);
    expect(f.get('00')).toBe('01');
    expect(f.get('01')).toBe('12');
    const account = parseFields(f.get('26')!);
    expect(account.get('00')).toBe('br.gov.bcb.pix');
    expect(account.get('25')).toBe('pix.example.com/qr/v2/9d36b84f');
    expect(f.get('52')).toBe('0000');
    expect(f.get('53')).toBe('986');
    expect(f.get('54')).toBe('199.00');
    expect(f.get('58')).toBe('BR');
    expect(f.get('59')).toBe('Conversa Plataforma Sao P');
    expect(f.get('60')).toBe('Sao Paulo');
    expect(parseFields(f.get('62')!).get('05')).toBe('INV7C5x');
  });

  it('refuses a code whose CRC or fields were altered', () => {
    expect(() => parseBrCode(MANUAL_VECTOR.replace('Fulano', 'Fulana'))).toThrow(/CRC/);
    expect(() => parseBrCode(MANUAL_VECTOR.slice(0, -1))).toThrow();
  });

  it('refuses amounts and txids the format does not allow', () => {
    expect(() => buildBrCode({ key: 'k', amount: '10', merchantName: 'A', merchantCity: 'B' })).toThrow(/amount/);
    expect(() => buildBrCode({ key: 'k', txid: 'has space', merchantName: 'A', merchantCity: 'B' })).toThrow(/txid/);
  });
});
