import { REFRESH_TOKEN_TTL_S } from '@conversa/shared/constants';
import type { Plan } from '@conversa/shared/plans';
import { getCompany, type Company } from '../../adapters/db/companies';
import { getCompanyPlan } from '../../adapters/db/plans';
import { putFamily } from '../../adapters/db/sessions';
import type { User } from '../../adapters/db/users';
import { emit } from '../events/dispatch';
import { AppError } from '../../lib/app-error';
import { env } from '../../lib/config';
import { closeReplaced, startOnlySession } from './sessions';
import { sessionUser } from './session-view';
import { newFamilyId, newRefreshToken, REFRESH_COOKIE, signAccess } from './tokens';

export function refreshCookie(token: string, maxAge = REFRESH_TOKEN_TTL_S): string {
  const secure = env().COOKIE_SECURE === 'true' ? '; Secure' : '';
  return `${REFRESH_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/api/auth; Max-Age=${maxAge}${secure}`;
}

/**
 * Starts a new refresh family for a login, as the user's only session: access token, session view
 * and cookie, and the sessions it replaced (their tokens stop working now).
 */
async function issueSession(user: User, company: Company, plan: Plan) {
  const family = newFamilyId();
  const refresh = newRefreshToken(company.id, family);
  await putFamily({ companyId: company.id, family, userId: user.id, tokenHash: refresh.hash, expiresAt: Math.floor(Date.now() / 1000) + REFRESH_TOKEN_TTL_S });
  const replaced = await startOnlySession(user, family);
  const token = await signAccess({ userId: user.id, companyId: company.id, family });
  return { replaced, session: { family, token, cookie: refreshCookie(refresh.token), user: await sessionUser(user, company, plan) } };
}

/** The user's company and plan, if the company may sign in. */
export async function signInTarget(user: User): Promise<{ company: Company; plan: Plan }> {
  const company = await getCompany(user.companyId, true);
  const plan = company ? await getCompanyPlan(company) : undefined;
  if (!company || !plan) throw new AppError('ERR_INVALID_CREDENTIALS');
  if (!company.status) throw new AppError('ERR_ACCOUNT_DISABLED');
  return { company, plan };
}

/**
 * Starts the session and ends the user's others (spec 1 §4 'Sua conta foi acessada em outro
 * computador.'): their browsers are told on `-auth`, then their sockets close. A browser that was
 * away finds its tokens refused when it comes back (401 ERR_SESSION_ENDED).
 */
export async function completeLogin(user: User, company: Company, plan: Plan) {
  const { replaced, session } = await issueSession(user, company, plan);
  await emit({ type: 'session.replaced', companyId: company.id, userId: user.id, sessionId: session.family }, {});
  await closeReplaced(company.id, user.id, replaced);
  return session;
}
