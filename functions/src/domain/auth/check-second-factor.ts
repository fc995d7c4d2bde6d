/**
 * Checks a second-factor code for a user: the authenticator's current code (each step accepted
 * once) or one of the recovery codes (each used once). Wrong codes are counted per user in the
 * login throttle's store: after TWO_FACTOR_MAX_FAILURES in a window the user is locked out for the
 * rest of it (429 with `retryAfterSeconds`), right codes included.
 */
import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODES, TWO_FACTOR_MAX_FAILURES, TWO_FACTOR_WINDOW_S } from '@conversa/shared/constants';
import { hit, peek } from '../../adapters/db/rate-limits';
import { getUser, patchUser, type User } from '../../adapters/db/users';
import { AppError } from '../../lib/app-error';
import { unseal } from './sealed';
import { base32, matchingStep } from './totp';

export type SecondFactor = { code?: string; recoveryCode?: string };

const bucket = (u: User) => `2fa:${u.companyId}:${u.id}`;

export function recoveryHash(u: Pick<User, 'companyId' | 'id'>, code: string): string {
  return createHash('sha256').update(`${u.companyId}:${u.id}:${code.toLowerCase().replace('-', '')}`).digest('base64url');
}

/** Ten fresh recovery codes (shown once) and their hashes (stored). */
export function newRecoveryCodes(u: Pick<User, 'companyId' | 'id'>): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const c = base32(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
  return { codes, hashes: codes.map((c) => recoveryHash(u, c)) };
}

/** Refuses a locked-out user before any code is looked at. */
export async function checkNotLocked(u: User): Promise<void> {
  if ((await peek(bucket(u), TWO_FACTOR_WINDOW_S)) < TWO_FACTOR_MAX_FAILURES) return;
  const now = Math.floor(Date.now() / 1000);
  throw new AppError('ERR_TOO_MANY_ATTEMPTS', undefined, undefined, { retryAfterSeconds: TWO_FACTOR_WINDOW_S - (now % TWO_FACTOR_WINDOW_S) });
}

/** Counts a wrong code and refuses it. */
export async function wrongCode(u: User): Promise<never> {
  await hit(bucket(u), TWO_FACTOR_WINDOW_S);
  throw new AppError('ERR_INVALID_2FA_CODE');
}

/** Accepts the code once (its step or recovery code is spent in the same write) and answers the user as stored; else counts it and refuses. */
export async function checkSecondFactor(first: User, input: SecondFactor): Promise<User> {
  await checkNotLocked(first);
  let user: User | undefined = first;
  for (let attempt = 0; attempt < 3 && user; attempt++) {
    const totp = user.totp;
    if (!totp) throw new AppError('ERR_2FA_NOT_ENABLED');
    let next: NonNullable<User['totp']> | undefined;
    if (input.code !== undefined) {
      const step = matchingStep(await unseal(totp.secret), input.code, Date.now(), totp.lastStep);
      if (step !== undefined) next = { ...totp, lastStep: step };
    } else if (input.recoveryCode !== undefined) {
      const h = recoveryHash(user, input.recoveryCode);
      if (totp.recovery.includes(h)) next = { ...totp, recovery: totp.recovery.filter((x) => x !== h) };
    }
    if (!next) return wrongCode(user);
    try {
      return await patchUser(user, { totp: next });
    } catch (err) {
      // Another write came first (maybe the same code): read again, the spent code is refused then.
      if (!(err instanceof AppError && err.code === 'ERR_CONFLICT')) throw err;
      user = await getUser(first.companyId, first.id, true);
    }
  }
  throw new AppError('ERR_CONFLICT');
}
