/**
 * Brazilian tax ids (spec 2 §3 Company.document): a CPF (11 digits, people) or a CNPJ (14 digits,
 * companies), checked by their two check digits (mod 11). Punctuation is ignored; a repeated digit
 * ('111.111.111-11') passes the arithmetic but is no real number, so it is refused.
 */
export const onlyDigits = (s: string): string => s.replace(/\D/g, '');

const repeated = (d: string): boolean => /^(\d)\1*$/.test(d);

/** The check digit of `digits` with weights counting down from `first`, or cycling 2..9 (CNPJ). */
function checkDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * weights[i]!;
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

export function isValidCpf(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 11 || repeated(d)) return false;
  const w1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
  const w2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
  return checkDigit(d.slice(0, 9), w1) === Number(d[9]) && checkDigit(d.slice(0, 10), w2) === Number(d[10]);
}

export function isValidCnpj(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 14 || repeated(d)) return false;
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const w2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  return checkDigit(d.slice(0, 12), w1) === Number(d[12]) && checkDigit(d.slice(0, 13), w2) === Number(d[13]);
}

/** A CPF or a CNPJ, told apart by length. */
export function isValidDocument(value: string): boolean {
  const d = onlyDigits(value);
  return d.length === 11 ? isValidCpf(d) : d.length === 14 ? isValidCnpj(d) : false;
}

/** '12345678909' → '123.456.789-09'; '11222333000181' → '11.222.333/0001-81'; anything else as given. */
export function formatDocument(value: string): string {
  const d = onlyDigits(value);
  if (d.length === 11) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  if (d.length === 14) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  return value;
}
