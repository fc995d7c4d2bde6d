import { COMPANY_NEVER_EXPIRES_ID } from '@conversa/shared/constants';
import { isAdmin } from '@conversa/shared/roles';
import { isSettingKey, SETTING_KEYS, SETTINGS, type Setting, type SettingKey } from '@conversa/shared/settings';
import { getSettings, putSetting } from '../../adapters/db/settings';
import { emit } from '../events/dispatch';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';

const secret = (k: SettingKey) => Boolean((SETTINGS[k] as { secret?: boolean }).secret);
/** A setting whose value only admins read (its realtime event names the key alone). */
export const isSecretSetting = (key: string): boolean => isSettingKey(key) && secret(key);

/**
 * The colour theme (mainColor, scrollbarColor, toolbarBackground, backgroundPages) is the
 * platform's: the platform company's values, set by the super admin, read by every company's users.
 */
const isAppearance = (k: SettingKey) => SETTINGS[k].group === 'appearance';
async function companyAndTheme(companyId: number): Promise<Record<SettingKey, string>> {
  if (companyId === COMPANY_NEVER_EXPIRES_ID) return getSettings(companyId);
  const [own, platform] = await Promise.all([getSettings(companyId), getSettings(COMPANY_NEVER_EXPIRES_ID)]);
  return Object.fromEntries(SETTING_KEYS.map((k) => [k, isAppearance(k) ? platform[k] : own[k]])) as Record<SettingKey, string>;
}

/** Every key with its value (defaults filled in); secrets only for admins. */
export async function listSettings(auth: AuthContext): Promise<Setting[]> {
  const all = await companyAndTheme(auth.companyId);
  const admin = isAdmin(auth.user);
  return (Object.entries(all) as [SettingKey, string][]).filter(([k]) => admin || !secret(k)).map(([key, value]) => ({ key, value }));
}

export async function readSetting(auth: AuthContext, key: string): Promise<Setting> {
  if (!isSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND');
  if (secret(key) && !isAdmin(auth.user)) throw new AppError('ERR_NO_PERMISSION');
  return { key, value: (await getSettings(isAppearance(key) ? COMPANY_NEVER_EXPIRES_ID : auth.companyId))[key] };
}

export async function writeSetting(auth: AuthContext, key: string, value: string): Promise<Setting> {
  if (!isSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND');
  const parsed = SETTINGS[key].schema.safeParse(value);
  if (!parsed.success) throw new AppError('ERR_VALIDATION', parsed.error.issues.map((i) => ({ path: 'body.value', message: i.message })));
  if (isAppearance(key) && !auth.user.super) throw new AppError('ERR_NO_PERMISSION');
  const companyId = isAppearance(key) ? COMPANY_NEVER_EXPIRES_ID : auth.companyId;
  const was = (await putSetting(companyId, key, parsed.data)) ?? SETTINGS[key].default;
  await recordAudit(auth, { action: isAppearance(key) ? 'branding.colors' : 'setting.update', target: { id: key, name: key }, before: { value: was }, after: { value: parsed.data }, mask: secret(key), companyId });
  const setting = { key, value: parsed.data };
  await emit({ type: 'setting.updated', companyId, key }, { value: parsed.data });
  return setting;
}

/** Public sign-up is open while the platform company's `userCreation` is enabled. */
export async function signupOpen(): Promise<boolean> {
  return (await getSettings(COMPANY_NEVER_EXPIRES_ID)).userCreation === 'enabled';
}
