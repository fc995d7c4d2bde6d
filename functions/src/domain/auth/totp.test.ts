import { describe, expect, it } from 'vitest';
import { base32, fromBase32, hotp, matchingStep, otpauthUri, stepAt } from './totp';

// RFC 6238 appendix B (SHA-1): the seed is the ASCII string "12345678901234567890"; codes are the
// low 6 digits of the 8-digit ones listed there.
const SEED = base32(Buffer.from('12345678901234567890'));
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it("matches the RFC's SHA-1 test vectors", () => {
    for (const [t, code] of VECTORS) expect(hotp(SEED, stepAt(t * 1000))).toBe(code.slice(-6));
  });

  it('base32 round-trips (RFC 4648)', () => {
    expect(base32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(fromBase32('MZXW6YTBOI').toString()).toBe('foobar');
    expect(SEED).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('accepts the current step and one either side, nothing further, and never a step already used', () => {
    const now = 1_700_000_000_000;
    const step = stepAt(now);
    expect(matchingStep(SEED, hotp(SEED, step), now)).toBe(step);
    expect(matchingStep(SEED, hotp(SEED, step - 1), now)).toBe(step - 1);
    expect(matchingStep(SEED, hotp(SEED, step + 1), now)).toBe(step + 1);
    expect(matchingStep(SEED, hotp(SEED, step - 2), now)).toBeUndefined();
    expect(matchingStep(SEED, hotp(SEED, step + 2), now)).toBeUndefined();
    expect(matchingStep(SEED, hotp(SEED, step), now, step)).toBeUndefined();
    expect(matchingStep(SEED, '12345', now)).toBeUndefined();
    expect(matchingStep(SEED, 'abcdef', now)).toBeUndefined();
  });

  it('writes the otpauth URI authenticator apps read', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'ana@example.test')).toBe('otpauth://totp/Conversa%3Aana%40example.test?secret=JBSWY3DPEHPK3PXP&issuer=Conversa&algorithm=SHA1&digits=6&period=30');
  });
});
