import { SIGNUP_DUE_DAYS, TRIAL_DAYS, type Recurrence } from '@conversa/shared/constants';
import { newCompanyWrites, type Company } from '../../adapters/db/companies';
import { nextId, nextPlatformId } from '../../adapters/db/counters';
import { getPlan } from '../../adapters/db/plans';
import { createUser } from '../../adapters/db/users';
import { newUser } from '../users/new-user';
import { AppError } from '../../lib/app-error';
import { addDays, today } from '../companies/subscription';
import { signupOpen } from '../settings/company-settings';
import { hashPassword } from './passwords';

export type SignupInput = { companyName: string; name: string; email: string; password: string; phone: string; planId: number; recurrence: Recurrence };

/**
 * A company signs up on a plan with a 3-day trial: due date 7 days ahead, recurrence MENSAL,
 * campaigns enabled, its first user an admin. Company and admin are written in one transaction.
 */
export async function signup(input: SignupInput, now = new Date()): Promise<{ companyId: number; userId: number }> {
  if (!(await signupOpen())) throw new AppError('ERR_USER_CREATION_DISABLED');
  const plan = await getPlan(input.planId);
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
  const companyId = await nextPlatformId('company', 1);
  const createdAt = now.toISOString();
  const company: Company = {
    id: companyId,
    name: input.companyName,
    email: input.email,
    phone: input.phone,
    planId: plan.id,
    status: true,
    dueDate: today(addDays(now, SIGNUP_DUE_DAYS)),
    recurrence: input.recurrence,
    campaignsEnabled: true,
    trial: true,
    trialEndsAt: today(addDays(now, TRIAL_DAYS)),
    createdAt,
  };
  const user = newUser({ id: await nextId(companyId, 'user'), companyId, name: input.name, email: input.email, profile: 'admin', passwordHash: await hashPassword(input.password) }, now);
  await createUser(user, plan.users, newCompanyWrites(company));
  return { companyId, userId: user.id };
}
