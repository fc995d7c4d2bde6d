/**
 * First-start seed: the four plans, the platform company 1 "Conversa" (never expires) with the
 * super admin (`bootstrapPlatform`, all an AWS deployment gets: workers/bootstrap.ts), and locally a
 * demo company on ultimate with an admin and an agent, a queue with both and a paired sandbox
 * connection (seed-demo.ts). Idempotent.
 */
import { SEED_PLANS } from '@conversa/shared/plans';
import { getCompany, putCompany, type Company } from '../../adapters/db/companies';
import { nextId, nextPlatformId } from '../../adapters/db/counters';
import { putPlan } from '../../adapters/db/plans';
import { createUser, findByEmail, type User } from '../../adapters/db/users';
import { newUser } from '../users/new-user';
import { addDays, today } from '../companies/subscription';
import { bootstrapPassword } from '../../adapters/secrets';
import { hashPassword } from '../auth/passwords';
import { seedDemoInbox } from './seed-demo';

export const DEMO_PASSWORD = 'Conversa123';
export type SeedLogin = { email: string; password: string; role: string };

async function ensureCompany(id: number, fields: Omit<Company, 'id' | 'createdAt'>): Promise<void> {
  if (await getCompany(id, true)) return;
  const allocated = await nextPlatformId('company');
  if (allocated !== id) throw new Error(`seed expected company id ${id}, the counter gave ${allocated}`);
  await putCompany({ id, createdAt: new Date().toISOString(), ...fields });
}

async function ensureUser(companyId: number, email: string, name: string, profile: User['profile'], isSuper: boolean, maxUsers: number, password = DEMO_PASSWORD): Promise<boolean> {
  if (await findByEmail(email)) return false;
  await createUser(newUser({ id: await nextId(companyId, 'user'), companyId, name, email, profile, super: isSuper, passwordHash: await hashPassword(password) }), maxUsers);
  return true;
}

const ULTIMATE = SEED_PLANS.find((p) => p.tier === 'ultimate')!;
const BASE = { phone: '', status: true, recurrence: 'MENSAL' as const, campaignsEnabled: true, trial: false, planId: ULTIMATE.id };

/**
 * What every installation needs before anyone can sign in: the plans, the platform company 1
 * (never expires) and its super admin with `password` (created once: a later run with another
 * password changes nothing). Answers whether the super admin was created now.
 */
export async function bootstrapPlatform(adminEmail: string, password: string): Promise<{ created: boolean }> {
  for (const plan of SEED_PLANS) {
    await putPlan(plan, true).catch((err: unknown) => {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    });
  }
  await ensureCompany(1, { ...BASE, name: 'Conversa', email: adminEmail, dueDate: '2999-12-31' });
  return { created: await ensureUser(1, adminEmail, 'Super Admin', 'admin', true, ULTIMATE.users, password) };
}

/** The AWS deploy's bootstrap (workers/bootstrap.ts): the super admin's password is the one the deploy generated. */
export async function bootstrapDeployment(adminEmail: string): Promise<{ created: boolean }> {
  const password = await bootstrapPassword();
  if (!password) throw new Error('BOOTSTRAP_PASSWORD_SECRET_ARN names no password');
  return bootstrapPlatform(adminEmail, password);
}

export async function seed(): Promise<{ created: boolean; logins: SeedLogin[] }> {
  const created = !(await getCompany(1, true));
  await bootstrapPlatform('admin@conversa.local', DEMO_PASSWORD);
  const ultimate = ULTIMATE;
  const base = BASE;
  await ensureCompany(2, { ...base, name: 'Demo', email: 'admin@demo.local', dueDate: today(addDays(new Date(), 365)) });
  await ensureUser(2, 'admin@demo.local', 'Demo Admin', 'admin', false, ultimate.users);
  await ensureUser(2, 'agent@demo.local', 'Demo Agent', 'user', false, ultimate.users);
  await seedDemoInbox(2, 'admin@demo.local', ['agent@demo.local']);
  return {
    created,
    logins: [
      { email: 'admin@conversa.local', password: DEMO_PASSWORD, role: 'super admin (company 1)' },
      { email: 'admin@demo.local', password: DEMO_PASSWORD, role: 'admin (Demo)' },
      { email: 'agent@demo.local', password: DEMO_PASSWORD, role: 'agent (Demo)' },
    ],
  };
}
