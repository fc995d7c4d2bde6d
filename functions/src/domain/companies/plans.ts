/** The plans on offer (GET /plans/list) and a company's plan (GET /companies/listPlan/{id}). */
import type { Plan } from '@conversa/shared/plans';
import { getCompany } from '../../adapters/db/companies';
import { getCompanyPlan, listPlans } from '../../adapters/db/plans';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';

/** Every plan, cheapest first. */
export async function plansByPrice(): Promise<Plan[]> {
  return (await listPlans()).sort((a, b) => a.amount - b.amount || a.id - b.id);
}

/** The caller's company's plan; another company's only for the super user. */
export async function companyPlan(auth: AuthContext, companyId: number): Promise<{ plan: Plan }> {
  if (companyId === auth.companyId) return { plan: auth.plan };
  if (!auth.user.super) throw new AppError('ERR_NO_PERMISSION');
  const company = await getCompany(companyId);
  const plan = company && (await getCompanyPlan(company));
  if (!plan) throw new AppError('ERR_NO_COMPANY_FOUND');
  return { plan };
}
