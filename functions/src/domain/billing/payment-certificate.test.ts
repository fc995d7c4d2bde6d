import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePki, type Pki } from '../../../../test/support/fake-efi';
import { AppError } from '../../lib/app-error';
import { inspectCertificate } from './payment-certificate';

let pki: Pki;
beforeAll(() => {
  pki = makePki('efi-account-123');
}, 30_000);

const codeOf = (bytes: Buffer, now?: Date): string => {
  try {
    inspectCertificate(bytes, now);
    return 'accepted';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
};

describe('inspectCertificate (what POST /settings/cert-upload accepts)', () => {
  it('reads an Efí-style .p12 (empty passphrase): subject CN, expiry, SHA-256 fingerprint', () => {
    const facts = inspectCertificate(pki.clientP12);
    expect(facts.subject).toBe('efi-account-123');
    expect(Date.parse(facts.expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(facts.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses by content: a PNG named .p12, a PEM certificate, random DER, a .p12 without its key', () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(100)]);
    expect(codeOf(png)).toBe('ERR_CERTIFICATE_INVALID');
    expect(codeOf(readFileSync(path.join(pki.dir, 'client.crt')))).toBe('ERR_CERTIFICATE_INVALID');
    expect(codeOf(Buffer.concat([Buffer.from([0x30, 0x82, 0x01, 0x00]), Buffer.alloc(256, 1)]))).toBe('ERR_CERTIFICATE_INVALID');
    execFileSync('/usr/bin/openssl', ['pkcs12', '-export', '-nokeys', '-in', 'client.crt', '-out', 'nokey.p12', '-passout', 'pass:'], { cwd: pki.dir, stdio: 'pipe' });
    expect(codeOf(readFileSync(path.join(pki.dir, 'nokey.p12')))).toBe('ERR_CERTIFICATE_INVALID');
  });

  it('a passphrase-protected .p12 is ERR_CERTIFICATE_PASSWORD; an expired one ERR_CERTIFICATE_EXPIRED', () => {
    expect(codeOf(pki.protectedP12)).toBe('ERR_CERTIFICATE_PASSWORD');
    expect(codeOf(pki.clientP12, new Date(Date.now() + 365 * 86_400_000))).toBe('ERR_CERTIFICATE_EXPIRED');
  });
});
