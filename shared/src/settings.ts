/** Company setting keys of spec 1 §3 and spec 2 §3, their defaults and value rules. */
import { z } from 'zod';
import { DEFAULT_MAIN_COLOR, DEFAULT_SCROLLBAR_COLOR, DEFAULT_TOOLBAR_COLOR } from './constants';

const toggle = z.enum(['enabled', 'disabled']);
const text = z.string().max(500);
const color = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'ERR_QUEUE_INVALID_COLOR');
const hours = z.string().regex(/^(|\d{1,4})$/, 'whole hours, empty for off');

type Def = { schema: z.ZodType<string>; default: string; secret?: boolean; group: 'options' | 'integrations' | 'appearance' };

const t = (d: 'enabled' | 'disabled'): Def => ({ schema: toggle, default: d, group: 'options' });
const integ = (secret = false): Def => ({ schema: text, default: '', group: 'integrations', secret });

export const SETTINGS = {
  userCreation: t('enabled'),
  userRating: t('disabled'),
  /** Every user of the company signs in with a TOTP second factor (those without one enrol at their next login). */
  twoFactorRequired: t('disabled'),
  scheduleType: { schema: z.enum(['disabled', 'queue', 'company']), default: 'disabled', group: 'options' },
  chatBotType: { schema: z.enum(['text', 'list', 'typeBot', 'floWise']), default: 'text', group: 'options' },
  CheckMsgIsGroup: t('enabled'),
  sendGreetingAccepted: t('disabled'),
  userRandom: t('disabled'),
  sendMsgTransfTicket: t('disabled'),
  acceptCallWhatsapp: t('enabled'),
  hoursCloseTicketsAuto: { schema: hours, default: '', group: 'options' },
  sendSignMessage: t('enabled'),
  signOption: t('enabled'),
  sendGreetingMessageOneQueues: t('enabled'),
  sendQueuePosition: t('disabled'),
  sendFarewellWaitingTicket: t('disabled'),
  acceptAudioMessageContact: t('enabled'),
  showMessageGroups: t('disabled'),
  showTicketWithoutQueue: t('disabled'),
  notifyClientFileLimit: t('disabled'),
  otherQueues: t('disabled'),
  allUserChat: t('disabled'),
  nameFinanceiro: { schema: text, default: '', group: 'options' },
  groqApiKey: integ(true),
  ipixc: integ(), tokenixc: integ(true), ipmkauth: integ(), clientidmkauth: integ(), clientsecretmkauth: integ(true),
  keyMp: integ(true), n8nUrl: integ(), urlFlow: integ(), tokenFlow: integ(true), idFlow: integ(),
  urlTypeBot: integ(), viewerTypeBot: integ(), apiKeyTypeBot: integ(true), typeTimer: integ(), recordTimer: integ(),
  smtpauth: integ(), usersmtpauth: integ(), clientsecretsmtpauth: integ(true), asaas: integ(true),
  mainColor: { schema: color, default: DEFAULT_MAIN_COLOR, group: 'appearance' },
  scrollbarColor: { schema: color, default: DEFAULT_SCROLLBAR_COLOR, group: 'appearance' },
  toolbarBackground: { schema: color, default: DEFAULT_TOOLBAR_COLOR, group: 'appearance' },
  backgroundPages: { schema: text, default: '', group: 'appearance' },
} as const satisfies Record<string, Def>;

export type SettingKey = keyof typeof SETTINGS;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.prototype.hasOwnProperty.call(SETTINGS, key);
}

/** Keys any signed-in user may read without the admin role (colours load before login too). */
export const PUBLIC_SETTING_KEYS: readonly SettingKey[] = ['mainColor', 'scrollbarColor', 'toolbarBackground', 'backgroundPages'];

export type Setting = { key: SettingKey; value: string };
