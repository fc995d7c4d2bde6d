import { IdParam } from '@conversa/shared/schemas/common';
import { CompaniesQuery, CreateCompanyBody, PlanBody, UpdateCompanyBody, UpdatePlanBody } from '@conversa/shared/schemas/companies';
import { endpoint, groupHandler } from './endpoint';
import { reply } from '../lib/http';
import { createPlan, listPlansAdmin, removePlan, showPlan, updatePlan } from '../domain/companies/manage-plans';
import { createCompany, listAllCompanies, listCompanies, showCompany, updateCompany } from '../domain/companies/manage-companies';
import { deletionProgress, requestCompanyDeletion } from '../domain/companies/delete-company';

export const handler = groupHandler('companies', {
  'GET /plans': endpoint({}, () => listPlansAdmin()),
  'GET /plans/{id}': endpoint({ params: IdParam }, ({ params }) => showPlan(params.id)),
  'POST /plans': endpoint({ body: PlanBody }, async ({ auth, body }) => reply({ status: 201, body: await createPlan(auth, body) })),
  'PUT /plans/{id}': endpoint({ params: IdParam, body: UpdatePlanBody }, ({ auth, params, body }) => updatePlan(auth, params.id, body)),
  'DELETE /plans/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await removePlan(auth, params.id);
    return reply({ status: 204 });
  }),
  'GET /companies': endpoint({ query: CompaniesQuery }, ({ query }) => listCompanies(query)),
  'GET /companies/list': endpoint({}, () => listAllCompanies()),
  'GET /companiesPlan': endpoint({ query: CompaniesQuery }, ({ query }) => listCompanies(query)),
  'GET /companies/{id}': endpoint({ params: IdParam }, ({ params }) => showCompany(params.id)),
  'GET /companies/{id}/deletion': endpoint({ params: IdParam }, ({ params }) => deletionProgress(params.id)),
  'POST /companies': endpoint({ body: CreateCompanyBody }, async ({ auth, body }) => reply({ status: 201, body: await createCompany(auth, body) })),
  'PUT /companies/{id}': endpoint({ params: IdParam, body: UpdateCompanyBody }, ({ auth, params, body }) => updateCompany(auth, params.id, body)),
  'DELETE /companies/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => reply({ status: 202, body: await requestCompanyDeletion(auth, params.id) })),
});
