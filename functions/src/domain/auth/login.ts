import { LOGIN_MAX_PER_EMAIL, LOGIN_MAX_PER_IP, LOGIN_WINDOW_S } from '@conversa/shared/constants';
import { channel } from '@conversa/shared/realtime';
import { getCompany } from '../../adapters/db/companies';
import { getPlan } from '../../adapters/db/plans';
import { hit, peek } from '../../adapters/db/rate-limits';
import { findByEmail } from '../../adapters/db/users';
import { publish } from '../../adapters/realtime';
import { AppError } from '../../lib/app-error';
import { env } from '../../lib/config';
import { issueSession } from './issue-session';
import { decoyHash, verifyPassword } from './passwords';

/**
 * Signs a user in. Throttled per source address (every attempt counts) and per e-mail (failed
 * attempts count); an unknown e-mail costs the same time as a wrong password. Sessions of the
 * same user elsewhere are told on `-auth`.
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

  const company = await getCompany(user.companyId, true);
  const plan = company ? await getPlan(company.planId) : undefined;
  if (!company || !plan) throw new AppError('ERR_INVALID_CREDENTIALS');
  if (!company.status) throw new AppError('ERR_ACCOUNT_DISABLED');

  const session = await issueSession(user, company, plan);
  await publish(company.id, channel.auth(company.id), { action: 'update', user: { id: user.id }, sessionId: session.family }, { kind: 'users', userIds: [user.id] });
  return session;
}
