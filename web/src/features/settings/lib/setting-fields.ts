/**
 * Which settings the Settings page shows, derived from SETTINGS in @conversa/shared so a new key
 * appears without touching this page: every `options` key (selects for enums, text otherwise), and
 * the integration keys grouped and gated by plan as spec 1 §6 lists them.
 */
import { SETTINGS, type SettingKey } from '@conversa/shared/settings';
import { isAdmin, planAllows, type PlanGate, type Principal, type PlanView } from '@conversa/shared/roles';
import { PAID_TIERS } from '@conversa/shared/plans';

export type OptionField =
  | { key: SettingKey; kind: 'select'; values: readonly string[]; default: string }
  | { key: SettingKey; kind: 'text'; default: string; numeric: boolean };

function enumValues(key: SettingKey): readonly string[] | undefined {
  const schema = SETTINGS[key].schema as unknown as { options?: unknown };
  return Array.isArray(schema.options) ? (schema.options as string[]) : undefined;
}

export function optionFields(): OptionField[] {
  return (Object.keys(SETTINGS) as SettingKey[])
    .filter((k) => SETTINGS[k].group === 'options')
    .map((key): OptionField => {
      const values = enumValues(key);
      return values
        ? { key, kind: 'select', values, default: SETTINGS[key].default }
        : { key, kind: 'text', default: SETTINGS[key].default, numeric: key === 'hoursCloseTicketsAuto' };
    });
}

/** Keys only the super user sees among the options (spec 1 §6 "user creation … for basico and above"). */
const SUPER_ONLY_OPTIONS: readonly SettingKey[] = ['userCreation'];

export function visibleOptionFields(who: Principal, plan: PlanView | undefined): OptionField[] {
  return optionFields().filter((f) => !SUPER_ONLY_OPTIONS.includes(f.key) || (who.super && planAllows(plan, { tiers: PAID_TIERS })));
}

export type IntegrationGroup = { id: string; keys: readonly SettingKey[]; plan: PlanGate };

/** Spec 1 §6: AI, TypeBot, N8N, Flowise, MK-AUTH, Asaas, IXC on ultimate; SMTP basico+; payment empresarial+. */
export const INTEGRATION_GROUPS: readonly IntegrationGroup[] = [
  { id: 'ai', keys: ['groqApiKey'], plan: { tiers: ['ultimate'] } },
  { id: 'typebot', keys: ['urlTypeBot', 'viewerTypeBot', 'apiKeyTypeBot', 'typeTimer', 'recordTimer'], plan: { tiers: ['ultimate'] } },
  { id: 'n8n', keys: ['n8nUrl'], plan: { tiers: ['ultimate'] } },
  { id: 'flowise', keys: ['urlFlow', 'tokenFlow', 'idFlow'], plan: { tiers: ['ultimate'] } },
  { id: 'mkauth', keys: ['ipmkauth', 'clientidmkauth', 'clientsecretmkauth'], plan: { tiers: ['ultimate'] } },
  { id: 'asaas', keys: ['asaas'], plan: { tiers: ['ultimate'] } },
  { id: 'ixc', keys: ['ipixc', 'tokenixc'], plan: { tiers: ['ultimate'] } },
  { id: 'smtp', keys: ['smtpauth', 'usersmtpauth', 'clientsecretsmtpauth'], plan: { tiers: PAID_TIERS } },
  { id: 'payment', keys: ['keyMp'], plan: { tiers: ['empresarial', 'ultimate'] } },
];

/** Integrations are a super-user section (spec 1 §6), each group by the company's plan. */
export function visibleIntegrationGroups(who: Principal, plan: PlanView | undefined): IntegrationGroup[] {
  if (!who.super) return [];
  return INTEGRATION_GROUPS.filter((g) => planAllows(plan, g.plan));
}

export function isSecret(key: SettingKey): boolean {
  return Boolean((SETTINGS[key] as { secret?: boolean }).secret);
}

export type SettingsTab = 'options' | 'schedules' | 'companies' | 'plans' | 'helps' | 'colors' | 'logos' | 'documents';

/** Spec 2 §2 "Settings page (tabs)". */
export function settingsTabs(who: Principal, plan: PlanView | undefined, scheduleType: string | undefined): SettingsTab[] {
  const tabs: SettingsTab[] = ['options'];
  if (scheduleType === 'company') tabs.push('schedules');
  if (who.super && planAllows(plan, { tiers: PAID_TIERS })) tabs.push('companies', 'plans');
  if (who.super) tabs.push('helps', 'colors', 'logos', 'documents');
  return isAdmin(who) ? tabs : [];
}
