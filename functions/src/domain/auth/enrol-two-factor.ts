/**
 * Enrolling the TOTP second factor: a new secret kept aside (sealed) until a first code from the
 * authenticator proves the user has it; then the factor is on, with ten recovery codes shown once.
 */
import type { TwoFactorSetup } from '@conversa/shared/schemas/two-factor';
import { patchUser, type User } from '../../adapters/db/users';
import { AppError } from '../../lib/app-error';
import { checkNotLocked, newRecoveryCodes, wrongCode } from './check-second-factor';
import { seal, unseal } from './sealed';
import { matchingStep, newTotpSecret, otpauthUri } from './totp';

export async function beginEnrolment(user: User): Promise<TwoFactorSetup> {
  if (user.totp) throw new AppError('ERR_2FA_ALREADY_ENABLED');
  const secret = newTotpSecret();
  await patchUser(user, { totpPending: await seal(secret) });
  return { secret, uri: otpauthUri(secret, user.email) };
}

export async function confirmEnrolment(user: User, code: string): Promise<{ user: User; recoveryCodes: string[] }> {
  if (user.totp) throw new AppError('ERR_2FA_ALREADY_ENABLED');
  if (!user.totpPending) throw new AppError('ERR_2FA_NOT_ENROLLING');
  await checkNotLocked(user);
  const step = matchingStep(await unseal(user.totpPending), code);
  if (step === undefined) return wrongCode(user);
  const { codes, hashes } = newRecoveryCodes(user);
  const after = await patchUser(user, { totp: { secret: user.totpPending, recovery: hashes, lastStep: step, enabledAt: new Date().toISOString() }, totpPending: undefined });
  return { user: after, recoveryCodes: codes };
}
