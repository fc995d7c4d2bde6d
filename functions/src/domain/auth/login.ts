import { LOGIN_MAX_PER_EMAIL, LOGIN_MAX_PER_IP, LOGIN_WINDOW_S } from '@conversa/shared/constants';
import type { TwoFactorChallenge } from '@conversa/shared/schemas/two-factor';
import { hit, peek } from '../../adapters/db/rate-limits';
import { getSettings } from '../../adapters/db/settings';
import { findByEmail } from '../../adapters/db/users';
import { AppError } from '../../lib/app-error';
import { env } from '../../lib/config';
import { completeLogin, signInTarget } from './issue-session';
import { loginChallenge } from './login-challenge';
import { decoyHash, verifyPassword } from './passwords';

/**
 * Signs a user in. Throttled per source address (every attempt counts) and per e-mail (failed
 * attempts count); an unknown e-mail costs the same time as a wrong password. A user with a
 * second factor, or without one in a company that requires it, gets a challenge instead of a
 * session (login-challenge.ts).
 */
export async function login(email: string, password: string, ip: string) {
  const [failures, byIp] = await Promise.all([peek(`login:email:${email}`, LOGIN_WINDOW_S), hit(`login:ip:${ip}`, LOGIN_WINDOW_S)]);
  if (failures >= LOGIN_MAX_PER_EMAIL || byIp > (env().LOGIN_MAX_PER_IP ?? LOGIN_MAX_PER_IP)) throw new AppError('ERR_TOO_MANY_ATTEMPTS');

  const user = await findByEmail(email);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !ok) {
    await hit(`login:email:${email}`, LOGIN_WINDOW_S);
    throw new AppError('ERR_INVALID_CREDENTIALS');
  }

  const { company, plan } = await signInTarget(user);
  if (user.totp) return loginChallenge(user, 'verify');
  if ((await getSettings(company.id)).twoFactorRequired === 'enabled') return loginChallenge(user, 'enrol');
  return completeLogin(user, company, plan);
}

export const isChallenge = (a: object): a is TwoFactorChallenge => 'challenge' in a;
