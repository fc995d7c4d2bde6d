import { describe, expect, it } from 'vitest';
import { formatDocument, isValidCnpj, isValidCpf, isValidDocument } from './document';

describe('CPF check digits', () => {
  it('accepts known valid numbers, with or without punctuation', () => {
    // 529.982.247-25 and 111.444.777-35 are the usual worked examples of the CPF algorithm.
    for (const cpf of ['52998224725', '529.982.247-25', '111.444.777-35', '123.456.789-09']) expect(isValidCpf(cpf), cpf).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length and repeated digits', () => {
    for (const cpf of ['52998224724', '529.982.247-15', '11144477736', '1234567890', '123456789012', '111.111.111-11', '000.000.000-00', '']) expect(isValidCpf(cpf), cpf).toBe(false);
  });
  it('a first check digit of 0 (remainder below 2)', () => {
    // 000.000.001-91: sum 2 → remainder 2 → 9; then 1·3+9·2 = 21 → 10 → 1.
    expect(isValidCpf('00000000191')).toBe(true);
    expect(isValidCpf('00000000190')).toBe(false);
  });
});

describe('CNPJ check digits', () => {
  it('accepts known valid numbers', () => {
    for (const cnpj of ['11.222.333/0001-81', '11222333000181', '45.997.418/0001-53', '00.000.000/0001-91']) expect(isValidCnpj(cnpj), cnpj).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length and repeated digits', () => {
    for (const cnpj of ['11.222.333/0001-82', '11.222.333/0001-71', '1122233300018', '11.111.111/1111-11', '00000000000000']) expect(isValidCnpj(cnpj), cnpj).toBe(false);
  });
});

describe('document', () => {
  it('tells CPF and CNPJ apart by length', () => {
    expect(isValidDocument('529.982.247-25')).toBe(true);
    expect(isValidDocument('11.222.333/0001-81')).toBe(true);
    expect(isValidDocument('5299822472')).toBe(false);
    expect(isValidDocument('abc')).toBe(false);
  });
  it('formats', () => {
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    expect(formatDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocument('12')).toBe('12');
  });
});
