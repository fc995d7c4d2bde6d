/**
 * Second-factor secrets at rest: AES-256-GCM under a key derived (HKDF) from the JWT signing key,
 * so a copy of the table alone does not give them away. Rotating the signing key makes them
 * unreadable: every user then enrols again (an admin resets them).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { jwtSecret } from '../../adapters/secrets';

async function key(): Promise<Buffer> {
  return Buffer.from(hkdfSync('sha256', await jwtSecret(), 'conversa', 'totp-secret', 32));
}

export async function seal(text: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await key(), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return ['v1', iv, body, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export async function unseal(sealed: string): Promise<string> {
  const [v, iv, body, tag] = sealed.split('.');
  if (v !== 'v1' || !iv || !body || !tag) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', await key(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
