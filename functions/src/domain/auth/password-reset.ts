import { randomInt } from 'node:crypto';
import { RESET_CODE_TTL_S } from '@conversa/shared/constants';
import { hit } from '../../adapters/db/rate-limits';
import { countResetAttempt, deleteResetCode, getResetCode, putResetCode } from '../../adapters/db/reset-codes';
import { findByEmail, updateUser } from '../../adapters/db/users';
import { AppError } from '../../lib/app-error';
import { queueMail } from '../mail/queue-mail';
import { hashPassword } from './passwords';
import { endAllSessions } from './sessions';
import { sha256 } from './tokens';

const MAX_REQUESTS_PER_HOUR = 5;
const MAX_TRIES = 5;

/** Sends a 6-digit code by e-mail; a new request replaces the previous code. */
export async function requestPasswordReset(email: string): Promise<void> {
  if ((await hit(`reset:${email}`, 3600)) > MAX_REQUESTS_PER_HOUR) throw new AppError('ERR_TOO_MANY_ATTEMPTS');
  const user = await findByEmail(email);
  if (!user) throw new AppError('ERR_NO_EMAIL_FOUND');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await putResetCode({ email, codeHash: sha256(`${email}:${code}`), expiresAt: Math.floor(Date.now() / 1000) + RESET_CODE_TTL_S, attempts: 0 });
  await queueMail(
    email,
    'Conversa — código de recuperação de senha',
    `Olá, ${user.name}.\n\nSeu código de verificação é: ${code}\n\nEle vale por ${RESET_CODE_TTL_S / 60} minutos. Se você não pediu a troca de senha, ignore este e-mail.\n`,
  );
}

/** Checks the code (at most 5 tries, 30 minutes) and sets the new password. */
export async function resetPassword(email: string, code: string, newPassword: string): Promise<void> {
  const stored = await getResetCode(email);
  if (!stored || stored.expiresAt < Date.now() / 1000 || stored.attempts >= MAX_TRIES) {
    if (stored) await deleteResetCode(email);
    throw new AppError('ERR_RECOVERY_EXPIRED');
  }
  if (stored.codeHash !== sha256(`${email}:${code}`)) {
    await countResetAttempt(email);
    throw new AppError('ERR_INVALID_RESET_CODE');
  }
  const user = await findByEmail(email);
  if (!user) throw new AppError('ERR_NO_EMAIL_FOUND');
  await updateUser(user, { passwordHash: await hashPassword(newPassword) });
  await endAllSessions(user.companyId, user.id);
  await deleteResetCode(email);
}
