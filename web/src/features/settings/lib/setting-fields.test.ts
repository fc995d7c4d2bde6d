import { describe, expect, it } from 'vitest';
import { SETTINGS } from '@conversa/shared/settings';
import pt from '../../../lib/i18n/locales/pt';
import { INTEGRATION_GROUPS, optionFields, settingsTabs, visibleIntegrationGroups, visibleOptionFields } from './setting-fields';

const admin = { profile: 'admin' as const, super: false };
const superUser = { profile: 'admin' as const, super: true };
const plan = (tier: 'inicial' | 'basico' | 'empresarial' | 'ultimate') => ({ tier });

describe('settings page fields', () => {
  it('every options key of SETTINGS is a field; enums become selects with their values', () => {
    const fields = optionFields();
    expect(fields.map((f) => f.key).sort()).toEqual(Object.keys(SETTINGS).filter((k) => SETTINGS[k as keyof typeof SETTINGS].group === 'options').sort());
    expect(fields.find((f) => f.key === 'scheduleType')).toMatchObject({ kind: 'select', values: ['disabled', 'queue', 'company'], default: 'disabled' });
    expect(fields.find((f) => f.key === 'userRating')).toMatchObject({ kind: 'select', values: ['enabled', 'disabled'] });
    expect(fields.find((f) => f.key === 'hoursCloseTicketsAuto')).toMatchObject({ kind: 'text', numeric: true });
    expect(fields.find((f) => f.key === 'nameFinanceiro')).toMatchObject({ kind: 'text', numeric: false });
  });

  it('every field, value and integration group has a text (the other languages have the keys of pt: lib/i18n/i18n.test.ts)', () => {
    const need = [
      ...optionFields().map((f) => `keys.${f.key}`),
      ...optionFields().flatMap((f) => (f.kind === 'select' ? f.values.map((v) => `values.${v}`) : [])),
      ...INTEGRATION_GROUPS.flatMap((g) => [`groups.${g.id}`, ...g.keys.map((k) => `keys.${k}`)]),
    ];
    const texts = pt.settings as unknown as Record<string, Record<string, string> | undefined>;
    expect(need.filter((k) => !texts[k.split('.')[0]!]?.[k.split('.')[1]!])).toEqual([]);
  });

  it('user creation is for the super user on a paid plan', () => {
    expect(visibleOptionFields(admin, plan('ultimate')).some((f) => f.key === 'userCreation')).toBe(false);
    expect(visibleOptionFields(superUser, plan('basico')).some((f) => f.key === 'userCreation')).toBe(true);
    expect(visibleOptionFields(superUser, plan('inicial')).some((f) => f.key === 'userCreation')).toBe(false);
  });

  it('integrations: super only, by plan (spec 1 §6)', () => {
    expect(visibleIntegrationGroups(admin, plan('ultimate'))).toEqual([]);
    expect(visibleIntegrationGroups(superUser, plan('basico')).map((g) => g.id)).toEqual(['smtp']);
    expect(visibleIntegrationGroups(superUser, plan('empresarial')).map((g) => g.id)).toEqual(['smtp', 'payment']);
    expect(visibleIntegrationGroups(superUser, plan('ultimate'))).toHaveLength(9);
  });

  it('tabs (spec 2 §2)', () => {
    expect(settingsTabs(admin, plan('ultimate'), 'disabled')).toEqual(['options']);
    expect(settingsTabs(admin, plan('ultimate'), 'company')).toEqual(['options', 'schedules']);
    expect(settingsTabs(admin, plan('ultimate'), 'queue')).toEqual(['options']);
    expect(settingsTabs(superUser, plan('basico'), undefined)).toEqual(['options', 'companies', 'plans', 'helps', 'colors', 'logos', 'documents']);
    expect(settingsTabs(superUser, plan('inicial'), undefined)).toEqual(['options', 'helps', 'colors', 'logos', 'documents']);
    expect(settingsTabs({ profile: 'user', super: false }, plan('ultimate'), 'company')).toEqual([]);
  });
});
