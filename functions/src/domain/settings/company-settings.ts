import { COMPANY_NEVER_EXPIRES_ID } from '@conversa/shared/constants';
import { isAdmin } from '@conversa/shared/roles';
import { isSettingKey, SETTINGS, type Setting, type SettingKey } from '@conversa/shared/settings';
import { getSettings, putSetting } from '../../adapters/db/settings';
import { emit } from '../events/dispatch';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';

const secret = (k: SettingKey) => Boolean((SETTINGS[k] as { secret?: boolean }).secret);
/** A setting whose value only admins read (its realtime event names the key alone). */
export const isSecretSetting = (key: string): boolean => isSettingKey(key) && secret(key);

/** Every key with its value (defaults filled in); secrets only for admins. */
export async function listSettings(auth: AuthContext): Promise<Setting[]> {
  const all = await getSettings(auth.companyId);
  const admin = isAdmin(auth.user);
  return (Object.entries(all) as [SettingKey, string][]).filter(([k]) => admin || !secret(k)).map(([key, value]) => ({ key, value }));
}

export async function readSetting(auth: AuthContext, key: string): Promise<Setting> {
  if (!isSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND');
  if (secret(key) && !isAdmin(auth.user)) throw new AppError('ERR_NO_PERMISSION');
  return { key, value: (await getSettings(auth.companyId))[key] };
}

export async function writeSetting(auth: AuthContext, key: string, value: string): Promise<Setting> {
  if (!isSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND');
  const parsed = SETTINGS[key].schema.safeParse(value);
  if (!parsed.success) throw new AppError('ERR_VALIDATION', parsed.error.issues.map((i) => ({ path: 'body.value', message: i.message })));
  const was = (await putSetting(auth.companyId, key, parsed.data)) ?? SETTINGS[key].default;
  await recordAudit(auth, { action: 'setting.update', target: { id: key, name: key }, before: { value: was }, after: { value: parsed.data }, mask: secret(key) });
  const setting = { key, value: parsed.data };
  await emit({ type: 'setting.updated', companyId: auth.companyId, key }, { value: parsed.data });
  return setting;
}

/** Public sign-up is open while the platform company's `userCreation` is enabled. */
export async function signupOpen(): Promise<boolean> {
  return (await getSettings(COMPANY_NEVER_EXPIRES_ID)).userCreation === 'enabled';
}
