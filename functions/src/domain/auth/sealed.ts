/**
 * Second-factor secrets at rest: AES-256-GCM under a key derived (HKDF) from the sealing secret
 * (SEAL_SECRET / SEAL_SECRET_ARN: its own, never rotated with the JWT key), so a copy of the table
 * alone does not give them away. Where no sealing secret is set (older installs), the JWT key's
 * derivation seals, and values sealed that way still open — under the current JWT key or, during
 * a rotation, the previous one.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { jwtKeys, sealSecret } from '../../adapters/secrets';

const derive = (root: Uint8Array): Buffer => Buffer.from(hkdfSync('sha256', root, 'conversa', 'totp-secret', 32));

/** The key that seals now, then the keys older values may have been sealed with. */
async function keys(): Promise<Buffer[]> {
  const [own, ring] = await Promise.all([sealSecret(), jwtKeys()]);
  return [...(own ? [derive(own)] : []), derive(ring.current.key), ...(ring.previous ? [derive(ring.previous.key)] : [])];
}

export async function seal(text: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', (await keys())[0]!, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return ['v1', iv, body, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export async function unseal(sealed: string): Promise<string> {
  const [v, iv, body, tag] = sealed.split('.');
  if (v !== 'v1' || !iv || !body || !tag) throw new Error('not a sealed value');
  let failure: unknown;
  for (const key of await keys()) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch (err) {
      failure = err; // the authentication tag says this key did not seal it
    }
  }
  throw failure;
}
