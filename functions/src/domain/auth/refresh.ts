import { REFRESH_TOKEN_TTL_S } from '@conversa/shared/constants';
import { getCompany } from '../../adapters/db/companies';
import { getCompanyPlan } from '../../adapters/db/plans';
import { deleteFamily, getFamily, rotateFamily } from '../../adapters/db/sessions';
import { getUser } from '../../adapters/db/users';
import { AppError } from '../../lib/app-error';
import { refreshCookie } from './issue-session';
import { endSession, sessionOpen } from './sessions';
import { sessionUser } from './session-view';
import { newRefreshToken, parseRefreshToken, signAccess, type AccessClaims } from './tokens';

/**
 * Rotates the refresh token. Presenting a token that is no longer the family's current one
 * means it was stolen or replayed: the whole family is revoked.
 */
export async function refresh(cookie: string | undefined) {
  const parsed = cookie ? parseRefreshToken(cookie) : undefined;
  if (!parsed) throw new AppError('ERR_REFRESH_TOKEN_INVALID');
  const fam = await getFamily(parsed.companyId, parsed.family);
  if (!fam || fam.expiresAt < Date.now() / 1000) throw new AppError('ERR_REFRESH_TOKEN_INVALID');
  const next = newRefreshToken(parsed.companyId, parsed.family);
  const rotated = fam.tokenHash === parsed.hash && (await rotateFamily(parsed.companyId, parsed.family, parsed.hash, next.hash, Math.floor(Date.now() / 1000) + REFRESH_TOKEN_TTL_S));
  if (!rotated) {
    await deleteFamily(parsed.companyId, parsed.family);
    throw new AppError('ERR_REFRESH_TOKEN_INVALID');
  }
  const [user, company] = await Promise.all([getUser(parsed.companyId, fam.userId, true), getCompany(parsed.companyId, true)]);
  const plan = company ? await getCompanyPlan(company) : undefined;
  if (!user || !company || !plan || !sessionOpen(user, parsed.family)) throw new AppError('ERR_REFRESH_TOKEN_INVALID');
  // A deactivated company's sessions were ended; a cookie that raced the deactivation is refused too.
  if (!company.status) throw new AppError('ERR_ACCOUNT_DISABLED');
  const token = await signAccess({ userId: user.id, companyId: company.id, family: parsed.family });
  return { token, cookie: refreshCookie(next.token), user: await sessionUser(user, company, plan) };
}

/** Ends the session the refresh cookie (or else a valid bearer token) names: its tokens and sockets. */
export async function logout(cookie: string | undefined, bearer: AccessClaims | undefined): Promise<string> {
  const parsed = cookie ? parseRefreshToken(cookie) : undefined;
  const fam = parsed ? await getFamily(parsed.companyId, parsed.family) : undefined;
  if (parsed && fam) await endSession(parsed.companyId, fam.userId, parsed.family);
  else if (parsed) await deleteFamily(parsed.companyId, parsed.family);
  else if (bearer) await endSession(bearer.companyId, bearer.userId, bearer.family);
  return refreshCookie('', 0);
}
