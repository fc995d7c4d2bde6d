/**
 * The campaign dialog's rules (spec 3 §4 "Campaign status", §5, §9; BEHAVIOUR.md "Campaigns"):
 * name 2 to 50, 5 message and 5 confirmation variants, the scheduled time sent as
 * `YYYY-MM-DD HH:mm:ss` in the company's time zone (empty → null), the read-only rules of §4, and
 * the variable chips that insert `{nome}`… at the cursor. A Cloud API connection sends a template.
 */
import { STATS_TIME_ZONE } from '@conversa/shared/constants';
import {
  CAMPAIGN_BUILTIN_VARIABLES,
  CAMPAIGN_VARIANTS,
  CampaignBody,
  CONFIRMATION_FIELDS,
  MESSAGE_FIELDS,
  variantsOf,
  type CampaignEditability,
  type CampaignTemplate,
  type CampaignVariable,
  type CampaignView,
  type UpdateCampaignBody,
} from '@conversa/shared/schemas/campaigns';
import type { Channel } from '@conversa/shared/channels';

/** The company's time zone (BEHAVIOUR.md: America/Sao_Paulo unless the company has one; the SPA knows no other yet). */
export const CAMPAIGN_TIME_ZONE = STATS_TIME_ZONE;

/** The WhatsApp Cloud API channel: its campaigns send an approved template. */
export const TEMPLATE_CHANNEL: Channel = 'wppoficial';

export type TemplateParam = { variable?: string; text?: string };
export type CampaignFormValues = {
  name: string;
  whatsappId: string;
  contactListId: string;
  /** A `datetime-local` value, a wall time of the company's time zone; '' = none. */
  scheduledAt: string;
  confirmation: boolean;
  messages: string[];
  confirmations: string[];
  template: CampaignTemplate | null;
};
export type CampaignFormField = 'name' | 'whatsappId' | 'contactListId' | 'scheduledAt' | 'messages' | 'confirmations' | 'template';
export type CampaignFormErrors = Partial<Record<CampaignFormField, string>>;

const blanks = () => Array.from({ length: CAMPAIGN_VARIANTS }, () => '');

export const emptyCampaignForm = (): CampaignFormValues => ({ name: '', whatsappId: '', contactListId: '', scheduledAt: '', confirmation: false, messages: blanks(), confirmations: blanks(), template: null });

/** An instant's wall time in `timeZone`, as a `datetime-local` value (seconds included). */
export function wallInput(at: Date | string, timeZone = CAMPAIGN_TIME_ZONE): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** 'DD/MM/YYYY HH:mm' of an instant in the company's time zone ('' for none). */
export function formatWhen(iso: string | null | undefined, timeZone = CAMPAIGN_TIME_ZONE): string {
  if (!iso) return '';
  const w = wallInput(iso, timeZone);
  return `${w.slice(8, 10)}/${w.slice(5, 7)}/${w.slice(0, 4)} ${w.slice(11, 16)}`;
}

/** Spec 3 §5: a `datetime-local` value as `YYYY-MM-DD HH:mm:ss`; an empty one is null. */
export function toScheduledAt(input: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2}))?/.exec(input.trim());
  return m ? `${m[1]} ${m[2]}:${m[3] ?? '00'}` : null;
}

export const formFromCampaign = (c: CampaignView): CampaignFormValues => ({
  name: c.name,
  whatsappId: c.whatsappId ? String(c.whatsappId) : '',
  contactListId: c.contactListId ? String(c.contactListId) : '',
  scheduledAt: c.scheduledAt ? wallInput(c.scheduledAt) : '',
  confirmation: c.confirmation,
  messages: MESSAGE_FIELDS.map((f) => c[f]),
  confirmations: CONFIRMATION_FIELDS.map((f) => c[f]),
  template: c.template,
});

/**
 * What the dialog lets the user touch (spec 3 §4): everything when editable; on a cancelled
 * campaign only the messages (and the submit); otherwise nothing, and the title says read-only.
 */
export type FieldAccess = { settings: boolean; messages: boolean; submit: boolean; readOnly: boolean };
export function fieldAccess(e: CampaignEditability): FieldAccess {
  if (e === 'all') return { settings: true, messages: true, submit: true, readOnly: false };
  if (e === 'messages') return { settings: false, messages: true, submit: true, readOnly: false };
  return { settings: false, messages: false, submit: false, readOnly: true };
}

/** The chips of the message editor: the built-in variables, then the settings' custom keys (each once). */
export function variableNames(custom: readonly CampaignVariable[]): string[] {
  return [...new Set<string>([...CAMPAIGN_BUILTIN_VARIABLES, ...custom.map((v) => v.key)])];
}

/** `{name}` put in place of the selection [start, end) of `text`; the caret lands after it. */
export function insertVariable(text: string, start: number | null | undefined, end: number | null | undefined, name: string): { text: string; caret: number } {
  const token = `{${name}}`;
  const s = Math.max(0, Math.min(start ?? text.length, text.length));
  const e = Math.max(s, Math.min(end ?? s, text.length));
  return { text: text.slice(0, s) + token + text.slice(e), caret: s + token.length };
}

/** The shared schema's messages (spec 3 §5) as keys of the campaigns section. */
const KEYS: Record<string, string> = { Obrigatório: 'campaigns.validation.required', 'Muito curto!': 'campaigns.validation.tooShort', 'Muito longo!': 'campaigns.validation.tooLong', 'Data inválida': 'campaigns.validation.invalidDate' };

export type CampaignInput = Partial<Record<keyof UpdateCampaignBody, unknown>>;

/**
 * The request body, or the errors (keys of the campaigns section). `channel`: the chosen
 * connection's (a Cloud API one needs a template, no plain text); `access`: a cancelled campaign
 * sends its messages only (the server refuses any other change).
 */
export function buildCampaignBody(v: CampaignFormValues, channel: Channel | undefined, access: FieldAccess): { ok: true; body: CampaignInput } | { ok: false; errors: CampaignFormErrors } {
  const errors: CampaignFormErrors = {};
  const texts = {
    ...Object.fromEntries(MESSAGE_FIELDS.map((f, i) => [f, v.messages[i] ?? ''])),
    ...Object.fromEntries(CONFIRMATION_FIELDS.map((f, i) => [f, v.confirmations[i] ?? ''])),
  } as Record<(typeof MESSAGE_FIELDS)[number] | (typeof CONFIRMATION_FIELDS)[number], string>;
  const useTemplate = channel === TEMPLATE_CHANNEL;
  const template = useTemplate ? v.template : null;
  const values = {
    name: v.name,
    ...texts,
    confirmation: v.confirmation,
    scheduledAt: toScheduledAt(v.scheduledAt),
    whatsappId: v.whatsappId ? Number(v.whatsappId) : null,
    contactListId: v.contactListId ? Number(v.contactListId) : null,
    template,
  };
  const parsed = CampaignBody.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      const field = (key.startsWith('confirmationMessage') ? 'confirmations' : key.startsWith('message') ? 'messages' : key) as CampaignFormField;
      if (!errors[field]) errors[field] = KEYS[issue.message] ?? issue.message;
    }
  }
  if (useTemplate && !template) errors.template = 'campaigns.validation.templateRequired';
  if (!useTemplate && variantsOf(texts, 'message').length === 0) errors.messages = 'campaigns.validation.noMessage';
  if (v.confirmation && variantsOf(texts, 'confirmation').length === 0) errors.confirmations = 'campaigns.validation.noConfirmation';
  if (values.scheduledAt && (!values.whatsappId || !values.contactListId)) {
    if (!values.whatsappId) errors.whatsappId = 'campaigns.validation.needsTarget';
    if (!values.contactListId) errors.contactListId = 'campaigns.validation.needsTarget';
  }
  if (Object.keys(errors).length || !parsed.success) return { ok: false, errors };
  if (!access.settings) return { ok: true, body: texts };
  const { companyId: _c, status: _s, ...body } = parsed.data;
  return { ok: true, body };
}
