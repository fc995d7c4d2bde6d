import type { Plan } from '@conversa/shared/plans';
import { getCompany, type Company } from '../../adapters/db/companies';
import { getCompanyPlan } from '../../adapters/db/plans';
import { getUser, type User } from '../../adapters/db/users';
import { AppError } from '../../lib/app-error';
import { isOverdue } from '../companies/subscription';
import { sessionOpen } from './sessions';
import { verifyAccess, type AccessClaims } from './tokens';

export type AuthContext = {
  companyId: number;
  userId: number;
  family: string;
  user: User;
  company: Company;
  plan: Plan;
};

const CACHE_MS = 10_000;
const companies = new Map<number, { at: number; value: Promise<{ company: Company; plan: Plan } | undefined> }>();

/** Company and plan change rarely: cached per container for a few seconds. */
function companyAndPlan(companyId: number, fresh = false) {
  const hit = companies.get(companyId);
  if (hit && !fresh && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = (async () => {
    const company = await getCompany(companyId, fresh);
    const plan = company ? await getCompanyPlan(company) : undefined;
    return company && plan ? { company, plan } : undefined;
  })();
  companies.set(companyId, { at: Date.now(), value });
  return value;
}

export function forgetCompany(companyId: number): void {
  companies.delete(companyId);
}

/** Checks the bearer token's signature and expiry (no read): the company in it can be trusted from here on. */
export async function verifyCaller(header: string | undefined): Promise<AccessClaims> {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!m) throw new AppError('ERR_UNAUTHENTICATED');
  return verifyAccess(m[1]!);
}

/** Loads who a verified token names: the user as stored now, their company and plan. */
export async function loadCaller(claims: AccessClaims): Promise<AuthContext> {
  const [user, cached] = await Promise.all([getUser(claims.companyId, claims.userId), companyAndPlan(claims.companyId)]);
  // An overdue company is read again (consistently) on each call: a payment that another container
  // settled gives its access back at once, not after the cache's seconds. Overdue companies are few.
  const cp = cached && isOverdue(cached.company) ? await companyAndPlan(claims.companyId, true) : cached;
  if (!user || !cp) throw new AppError('ERR_UNAUTHENTICATED');
  if (!sessionOpen(user, claims.family)) throw new AppError('ERR_SESSION_ENDED');
  if (!cp.company.status) throw new AppError('ERR_ACCOUNT_DISABLED');
  return { ...claims, user, company: cp.company, plan: cp.plan };
}

/** Verifies the bearer token and loads who is calling. The company always comes from the token. */
export async function authenticate(header: string | undefined): Promise<AuthContext> {
  return loadCaller(await verifyCaller(header));
}
