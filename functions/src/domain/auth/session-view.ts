import type { SessionAnswer } from '@conversa/shared/schemas/auth';
import { PUBLIC_SETTING_KEYS, SETTINGS } from '@conversa/shared/settings';
import type { Company } from '../../adapters/db/companies';
import type { Plan } from '@conversa/shared/plans';
import { getSettings } from '../../adapters/db/settings';
import { publicUser, type User } from '../../adapters/db/users';

/** The user as the SPA needs it after login: company, plan, due date and settings. */
export async function sessionUser(user: User, company: Company, plan: Plan): Promise<SessionAnswer['user']> {
  const settings = await getSettings(company.id);
  const shown = Object.entries(settings)
    .filter(([k]) => user.profile === 'admin' || user.super || !isSecret(k) || PUBLIC_SETTING_KEYS.includes(k as never))
    .map(([key, value]) => ({ key, value }));
  return {
    ...publicUser(user),
    company: {
      id: company.id,
      name: company.name,
      dueDate: company.dueDate,
      recurrence: company.recurrence,
      status: company.status,
      planId: company.planId,
      plan,
      settings: shown,
      features: { transcription: (settings.groqApiKey ?? '').trim() !== '' },
    },
  };
}

function isSecret(key: string): boolean {
  return Boolean((SETTINGS as Record<string, { secret?: boolean }>)[key]?.secret);
}
