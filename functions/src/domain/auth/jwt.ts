/**
 * Signing and verifying the platform's JWTs with the key ring (adapters/secrets.ts): a token is
 * signed with the current key and names it (`kid`); it verifies with the key it names — the
 * current one, or the previous one during a rotation. A token naming a key this instance does not
 * hold makes it read the ring again (the secret was rotated after this instance started).
 */
import { jwtVerify, type JWTPayload, type JWTVerifyOptions, type SignJWT } from 'jose';
import { jwtKeys, type KeyRing, type SigningKey } from '../../adapters/secrets';

export async function signWithCurrentKey(jwt: SignJWT): Promise<string> {
  const { current } = await jwtKeys();
  return jwt.setProtectedHeader({ alg: 'HS256', kid: current.id }).sign(current.key);
}

/** The keys a token may be signed with, the one it names first; none when it names one the ring does not hold. */
function candidates(ring: KeyRing, kid: string | undefined): SigningKey[] {
  const all = [ring.current, ...(ring.previous ? [ring.previous] : [])];
  return kid === undefined ? all : all.filter((k) => k.id === kid);
}

function kidOf(token: string): string | undefined {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { kid?: unknown };
    return typeof header.kid === 'string' ? header.kid : undefined;
  } catch {
    return undefined;
  }
}

/** Verifies with the ring (throws jose's errors, as jwtVerify). Tokens from before key ids (no kid) try each key. */
export async function verifyWithKeys(token: string, opts: JWTVerifyOptions): Promise<JWTPayload> {
  const kid = kidOf(token);
  let keys = candidates(await jwtKeys(), kid);
  if (!keys.length) keys = candidates(await jwtKeys({ refresh: true }), kid);
  if (!keys.length) keys = [(await jwtKeys()).current]; // fails with jose's own error
  let failure: unknown;
  for (const k of keys) {
    try {
      return (await jwtVerify(token, k.key, { ...opts, algorithms: ['HS256'] })).payload;
    } catch (err) {
      failure = err;
      // An expired or malformed token is that whichever key: only a bad signature tries the next key.
      if ((err as { code?: string }).code !== 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') throw err;
    }
  }
  throw failure;
}
