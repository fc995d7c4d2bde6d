import { IdParam } from '@conversa/shared/schemas/common';
import { getCompany } from '../adapters/db/companies';
import { getPlan, listPlans } from '../adapters/db/plans';
import { AppError } from '../lib/app-error';
import { env } from '../lib/config';
import { endpoint, groupHandler } from './endpoint';

export const handler = groupHandler('platform', {
  'GET /version': endpoint({}, async () => ({ version: env().APP_VERSION })),
  'GET /plans/list': endpoint({}, async () => (await listPlans()).sort((a, b) => a.amount - b.amount || a.id - b.id)),
  'GET /companies/listPlan/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    if (params.id === auth.companyId) return { plan: auth.plan };
    // Only the super user reads another company's plan.
    if (!auth.user.super) throw new AppError('ERR_NO_PERMISSION');
    const company = await getCompany(params.id);
    const plan = company && (await getPlan(company.planId));
    if (!plan) throw new AppError('ERR_NO_COMPANY_FOUND');
    return { plan };
  }),
});
