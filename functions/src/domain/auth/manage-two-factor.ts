/**
 * A signed-in user's own second factor (the profile): set up, confirm with a first code, turn off
 * with a code or a recovery code unless the company requires it. Each reads the user consistently:
 * the write is conditional on the item read.
 */
import type { TwoFactorSetup } from '@conversa/shared/schemas/two-factor';
import { getSettings } from '../../adapters/db/settings';
import { getUser, patchUser, type User } from '../../adapters/db/users';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from './authenticate';
import { checkSecondFactor, type SecondFactor } from './check-second-factor';
import { beginEnrolment, confirmEnrolment } from './enrol-two-factor';

async function me(auth: AuthContext): Promise<User> {
  const user = await getUser(auth.companyId, auth.userId, true);
  if (!user) throw new AppError('ERR_NO_USER_FOUND');
  return user;
}

export async function setupTwoFactor(auth: AuthContext): Promise<TwoFactorSetup> {
  return beginEnrolment(await me(auth));
}

export async function enableTwoFactor(auth: AuthContext, code: string): Promise<{ recoveryCodes: string[] }> {
  return { recoveryCodes: (await confirmEnrolment(await me(auth), code)).recoveryCodes };
}

export async function disableTwoFactor(auth: AuthContext, input: SecondFactor): Promise<void> {
  if ((await getSettings(auth.companyId)).twoFactorRequired === 'enabled') throw new AppError('ERR_2FA_REQUIRED');
  const user = await checkSecondFactor(await me(auth), input);
  await patchUser(user, { totp: undefined, totpPending: undefined });
}
