/**
 * The second step of a login with a second factor. The password step answers a challenge (a
 * short-lived token of its own audience, never usable as an access token); with it the user sends
 * a code or a recovery code, or, when the company requires a second factor the user lacks, enrols
 * one first. The session starts only then.
 */
import { SignJWT } from 'jose';
import { TWO_FACTOR_CHALLENGE_TTL_S } from '@conversa/shared/constants';
import type { SecondFactor } from './check-second-factor';
import type { TwoFactorChallenge, TwoFactorSetup } from '@conversa/shared/schemas/two-factor';
import { getUser, type User } from '../../adapters/db/users';
import { AppError } from '../../lib/app-error';
import { checkSecondFactor } from './check-second-factor';
import { beginEnrolment, confirmEnrolment } from './enrol-two-factor';
import { completeLogin, signInTarget } from './issue-session';
import { signWithCurrentKey, verifyWithKeys } from './jwt';

const AUDIENCE = 'conversa-2fa';

export async function loginChallenge(user: User, kind: TwoFactorChallenge['twoFactor']): Promise<TwoFactorChallenge> {
  const challenge = await signWithCurrentKey(
    new SignJWT({ cid: user.companyId, k: kind })
      .setSubject(String(user.id))
      .setAudience(AUDIENCE)
      .setExpirationTime(Math.floor(Date.now() / 1000) + TWO_FACTOR_CHALLENGE_TTL_S),
  );
  return { twoFactor: kind, challenge };
}

async function readChallenge(token: string): Promise<User> {
  const payload = await verifyWithKeys(token, { audience: AUDIENCE }).catch(() => undefined);
  const user = payload ? await getUser(Number(payload.cid), Number(payload.sub), true) : undefined;
  if (!user) throw new AppError('ERR_2FA_CHALLENGE_EXPIRED');
  return user;
}

/** POST /auth/2fa/enrol: the secret for a user the company's rule sends to enrol at login. */
export async function enrolAtLogin(challenge: string): Promise<TwoFactorSetup> {
  return beginEnrolment(await readChallenge(challenge));
}

/** POST /auth/2fa/verify: the code (or a recovery code), then the session; an enrolment's first code also answers its recovery codes. */
export async function verifyAtLogin(challenge: string, input: SecondFactor) {
  const user = await readChallenge(challenge);
  const { company, plan } = await signInTarget(user);
  if (user.totp) return completeLogin(await checkSecondFactor(user, input), company, plan);
  if (input.code === undefined) throw new AppError('ERR_2FA_NOT_ENROLLING');
  const enrolled = await confirmEnrolment(user, input.code);
  return { ...(await completeLogin(enrolled.user, company, plan)), recoveryCodes: enrolled.recoveryCodes };
}
