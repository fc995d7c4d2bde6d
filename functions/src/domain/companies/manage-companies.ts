/**
 * Companies, run by the super admin (spec 2 "Companies list", Settings > Companies, §3 Company,
 * §5, §7): pages and search over the platform's companies list (GSI1, never a scan), one company,
 * create (with its first admin, one transaction), edit (a plan change moves the plans' counts in
 * the same write; deactivating ends its users' sessions at once), delete (delete-company.ts).
 * Company 1, the platform's, is never deactivated or deleted.
 */
import { PAGE_SIZE } from '@conversa/shared/constants';
import { effectivePlan, type Plan } from '@conversa/shared/plans';
import type { CompaniesPage, CompaniesQuery, CompanyView, CreateCompanyBody, UpdateCompanyBody } from '@conversa/shared/schemas/companies';
import { allCompanies, getCompany, newCompanyWrites, pageCompanies, saveCompany, type Company } from '../../adapters/db/companies';
import { nextId, nextPlatformId } from '../../adapters/db/counters';
import { getPlan, listPlans } from '../../adapters/db/plans';
import { createUser } from '../../adapters/db/users';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { forgetCompany } from '../auth/authenticate';
import { hashPassword } from '../auth/passwords';
import { recordAudit } from '../audit/record-audit';
import { newUser } from '../users/new-user';
import { PLATFORM_COMPANY_ID, endCompanySessions } from './company-sessions';

export function toCompanyView(c: Company, plans: ReadonlyMap<number, Plan>): CompanyView {
  const base = plans.get(c.planId);
  const plan = base && effectivePlan(base, c.customPlan);
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone ?? '',
    planId: c.planId,
    plan: plan ? { name: plan.name, amount: plan.amount, users: plan.users, connections: plan.connections } : null,
    status: c.status,
    dueDate: c.dueDate ?? null,
    recurrence: c.recurrence,
    document: c.document ?? '',
    paymentMethod: c.paymentMethod ?? '',
    billingName: c.billingName ?? '',
    addressZipCode: c.addressZipCode ?? '',
    addressStreet: c.addressStreet ?? '',
    addressState: c.addressState ?? '',
    addressCity: c.addressCity ?? '',
    addressDistrict: c.addressDistrict ?? '',
    createdAt: c.createdAt,
    ...(c.lastLogin ? { lastLogin: c.lastLogin } : {}),
    trial: Boolean(c.trial),
    ...(c.deletion ? { deletion: c.deletion } : {}),
  };
}

const plansById = async () => new Map((await listPlans()).map((p) => [p.id, p]));

/** What the audit shows of a company: `status` under the name `active` (the audit skips runtime `status` fields). */
const audited = (c: Company) => {
  const { status, rev: _rev, deletion: _d, ...rest } = c;
  return { ...rest, active: status };
};

/** How far pageNumber may reach without a cursor (the SPA pages by cursor). */
const MAX_SKIP = 2_000;

/** GET /companiesPlan and GET /companies: a page, by id, optionally searched by name or e-mail. */
export async function listCompanies(q: CompaniesQuery): Promise<CompaniesPage> {
  const limit = q.limit ?? PAGE_SIZE;
  // pageNumber without a cursor (spec 2 §7): the pages before it are read and left out, up to MAX_SKIP companies.
  const skip = q.cursor ? 0 : ((q.pageNumber ?? 1) - 1) * limit;
  if (skip > MAX_SKIP) return { companies: [], hasMore: false };
  const [page, plans] = await Promise.all([pageCompanies(q.searchParam || undefined, q.cursor, skip + limit), plansById()]);
  return { companies: page.items.slice(skip).map((c) => toCompanyView(c, plans)), hasMore: Boolean(page.cursor), ...(page.cursor ? { cursor: page.cursor } : {}) };
}

/** GET /companies/list: every company (the selects of other screens). */
export async function listAllCompanies(): Promise<CompanyView[]> {
  const [all, plans] = await Promise.all([allCompanies(), plansById()]);
  return all.map((c) => toCompanyView(c, plans));
}

export async function showCompany(id: number): Promise<CompanyView> {
  const c = await getCompany(id);
  if (!c) throw new AppError('ERR_NO_COMPANY_FOUND');
  return toCompanyView(c, await plansById());
}

/**
 * POST /companies: the company and its first admin (e-mail = the company's, password =
 * passwordDefault) in one transaction with the unique e-mail item and the plan's count: a taken
 * e-mail writes nothing.
 */
export async function createCompany(auth: AuthContext, body: CreateCompanyBody, now = new Date()): Promise<CompanyView> {
  const plan = await getPlan(body.planId);
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
  const { passwordDefault, adminName, ...fields } = body;
  const passwordHash = await hashPassword(passwordDefault);
  const id = await nextPlatformId('company', 1);
  const company: Company = { ...fields, id, campaignsEnabled: true, trial: false, createdAt: now.toISOString() };
  const admin = newUser({ id: await nextId(id, 'user'), companyId: id, name: adminName ?? body.name, email: body.email, profile: 'admin', passwordHash }, now);
  await createUser(admin, plan.users, newCompanyWrites(company));
  await recordAudit(auth, { action: 'company.create', target: { id, name: company.name }, after: { ...audited(company), adminEmail: admin.email } });
  return toCompanyView(company, new Map([[plan.id, plan]]));
}

/** PUT /companies/{id}. */
export async function updateCompany(auth: AuthContext, id: number, body: UpdateCompanyBody): Promise<CompanyView> {
  const before = await getCompany(id, true);
  if (!before) throw new AppError('ERR_NO_COMPANY_FOUND');
  if (before.deletion) throw new AppError('ERR_COMPANY_BEING_DELETED');
  if (id === PLATFORM_COMPANY_ID && body.status === false) throw new AppError('ERR_PLATFORM_COMPANY');
  const plans = await plansById();
  if (body.planId !== undefined && !plans.has(body.planId)) throw new AppError('ERR_NO_PLAN_FOUND');
  // A custom plan the company bought was its plan's (billing); another plan ends it.
  const planChanged = body.planId !== undefined && body.planId !== before.planId;
  const after = await saveCompany(before, { ...before, ...body, ...(planChanged ? { customPlan: undefined } : {}) });
  forgetCompany(id);
  // Deactivated: its people are out now, not when a cache expires.
  if (before.status && !after.status) await endCompanySessions(id);
  await recordAudit(auth, { action: 'company.update', target: { id, name: after.name }, before: audited(before), after: audited(after) });
  return toCompanyView(after, plans);
}
