/**
 * The company's working hours (spec 2 §7 PUT /companies/{id}/schedules; the Schedules tab of
 * /settings when scheduleType is company). Only the caller's own company, unless super.
 */
import type { CompanySchedulesView, ScheduleEntry } from '@conversa/shared/schemas/queues';
import { getCompany } from '../../adapters/db/companies';
import { getCompanySchedules, putCompanySchedules } from '../../adapters/db/queues';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';

async function companyOf(auth: AuthContext, id: number): Promise<number> {
  if (id === auth.companyId) return id;
  if (!auth.user.super) throw new AppError('ERR_NO_PERMISSION');
  if (!(await getCompany(id))) throw new AppError('ERR_NO_COMPANY_FOUND');
  return id;
}

export async function companySchedules(auth: AuthContext, id: number): Promise<CompanySchedulesView> {
  const companyId = await companyOf(auth, id);
  return { id: companyId, schedules: await getCompanySchedules(companyId, true) };
}

export async function setCompanySchedules(auth: AuthContext, id: number, input: { id?: number; schedules: ScheduleEntry[] }): Promise<CompanySchedulesView> {
  if (input.id !== undefined && input.id !== id) throw new AppError('ERR_VALIDATION', [{ path: 'body.id', message: 'must be the company of the path' }]);
  const companyId = await companyOf(auth, id);
  const before = await getCompanySchedules(companyId, true);
  await putCompanySchedules(companyId, input.schedules);
  await recordAudit(auth, { action: 'schedules.update', target: { id: companyId }, before: { schedules: before }, after: { schedules: input.schedules }, companyId });
  return { id: companyId, schedules: input.schedules };
}
