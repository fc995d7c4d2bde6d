/** Access JWTs (jose, HS256) and opaque refresh tokens. */
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors } from 'jose';
import { ACCESS_TOKEN_TTL_S } from '@conversa/shared/constants';
import { AppError } from '../../lib/app-error';
import { signWithCurrentKey, verifyWithKeys } from './jwt';

export type AccessClaims = { userId: number; companyId: number; family: string };

export async function signAccess(c: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_S): Promise<string> {
  return signWithCurrentKey(
    new SignJWT({ cid: c.companyId, sid: c.family })
      .setSubject(String(c.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds),
  );
}

/** Expired → 403 ERR_SESSION_EXPIRED (the SPA refreshes once); anything else wrong → 401. */
export async function verifyAccess(token: string): Promise<AccessClaims> {
  try {
    const payload = await verifyWithKeys(token, {});
    const userId = Number(payload.sub);
    const companyId = Number(payload.cid);
    if (!Number.isInteger(userId) || !Number.isInteger(companyId) || typeof payload.sid !== 'string') throw new AppError('ERR_UNAUTHENTICATED');
    return { userId, companyId, family: payload.sid };
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw new AppError('ERR_SESSION_EXPIRED');
    throw new AppError('ERR_UNAUTHENTICATED');
  }
}

export const REFRESH_COOKIE = 'jrt';

/** Refresh token `<companyId>.<family>.<secret>`; only its hash is stored. */
export function newRefreshToken(companyId: number, family: string): { token: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  const token = `${companyId}.${family}.${secret}`;
  return { token, hash: sha256(token) };
}

export function parseRefreshToken(token: string): { companyId: number; family: string; hash: string } | undefined {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!m) return undefined;
  return { companyId: Number(m[1]), family: m[2]!, hash: sha256(token) };
}

export function newFamilyId(): string {
  return randomBytes(16).toString('base64url');
}

export function sha256(s: string): string {
  return createHash('sha256').update(s).digest('base64url');
}
