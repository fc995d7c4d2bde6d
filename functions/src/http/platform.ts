import { IdParam } from '@conversa/shared/schemas/common';
import { companyPlan, plansByPrice } from '../domain/companies/plans';
import { env } from '../lib/config';
import { endpoint, groupHandler } from './endpoint';

export const handler = groupHandler('platform', {
  'GET /version': endpoint({}, async () => ({ version: env().APP_VERSION })),
  'GET /plans/list': endpoint({}, () => plansByPrice()),
  'GET /companies/listPlan/{id}': endpoint({ params: IdParam }, ({ auth, params }) => companyPlan(auth, params.id)),
});
