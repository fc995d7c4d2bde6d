/**
 * The connection modal's rules (spec 2 §5 and the server's schemas): name 2–50 ('Too Short!' /
 * 'Too Long!'), token of letters, digits, - and _, greeting required with more than one queue;
 * Cloud API connections also need the phone number id and the access token (the value: the
 * server keeps it; an edit sends new secrets only when typed).
 */
import { z } from 'zod';
import { CreateConnectionBody, SecretValue, UpdateConnectionBody } from '@conversa/shared/schemas/connections';
import { validate, type FieldErrors } from '../../../lib/validation';
import type { Connection } from './connection';

export type FormChannel = 'whatsapp' | 'sandbox' | 'wppoficial';

export type ConnectionFormValues = {
  name: string;
  isDefault: boolean;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  token: string;
  queueIds: number[];
  reopenWindowMinutes: string;
  allowGroups: boolean;
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
  /** Flow builder triggers: a flow's id, '' = none. */
  flowIdWelcome: string;
  flowIdNotPhrase: string;
};
export type ConnectionFormField = keyof ConnectionFormValues;

export const emptyConnectionForm: ConnectionFormValues = {
  name: '',
  isDefault: false,
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  token: '',
  queueIds: [],
  reopenWindowMinutes: '0',
  allowGroups: false,
  phoneNumberId: '',
  wabaId: '',
  accessToken: '',
  appSecret: '',
  flowIdWelcome: '',
  flowIdNotPhrase: '',
};

export function formFromConnection(c: Connection): ConnectionFormValues {
  return {
    ...emptyConnectionForm,
    name: c.name,
    isDefault: c.isDefault,
    greetingMessage: c.greetingMessage,
    complationMessage: c.complationMessage,
    outOfHoursMessage: c.outOfHoursMessage,
    ratingMessage: c.ratingMessage,
    token: c.token ?? '',
    queueIds: c.queueIds,
    reopenWindowMinutes: String(c.reopenWindowMinutes),
    allowGroups: c.allowGroups,
    flowIdWelcome: c.flowIdWelcome ? String(c.flowIdWelcome) : '',
    flowIdNotPhrase: c.flowIdNotPhrase ? String(c.flowIdNotPhrase) : '',
  };
}

/** A random integrator token (the server accepts letters, digits, - and _, up to 120). */
export function generateToken(bytes = 24, random: (a: Uint8Array) => Uint8Array = (a) => crypto.getRandomValues(a)): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from(random(new Uint8Array(bytes)), (b) => alphabet[b & 63]).join('');
}

/** The server's limit: a week. */
export const REOPEN_MAX_MINUTES = 7 * 24 * 60;

const digits = /^\d{5,30}$/;
const ProviderFields = z.object({
  phoneNumberId: z.string().regex(digits, 'connections.form.digitsOnly'),
  wabaId: z.union([z.literal(''), z.string().regex(digits, 'connections.form.digitsOnly')]),
  accessToken: SecretValue,
  appSecret: z.union([z.literal(''), SecretValue]),
});
const NewSecrets = z.object({ accessToken: z.union([z.literal(''), SecretValue]), appSecret: z.union([z.literal(''), SecretValue]) });

type Built = { ok: true; body: CreateConnectionBody | UpdateConnectionBody } | { ok: false; errors: FieldErrors<ConnectionFormField> };

const flowOrNull = (id: string) => (id ? Number(id) : null);

/** `flows`: the plan has the flow builder, so the modal shows (and sends) the flow triggers. */
export function buildConnectionBody(v: ConnectionFormValues, mode: 'create' | 'edit', channel: FormChannel, flows = false): Built {
  const minutes = v.reopenWindowMinutes.trim() === '' ? 0 : Number(v.reopenWindowMinutes);
  const common = {
    name: v.name.trim(),
    isDefault: v.isDefault,
    greetingMessage: v.greetingMessage,
    complationMessage: v.complationMessage,
    outOfHoursMessage: v.outOfHoursMessage,
    ratingMessage: v.ratingMessage,
    queueIds: v.queueIds,
    reopenWindowMinutes: minutes,
    allowGroups: v.allowGroups,
    ...(v.token.trim() ? { token: v.token.trim() } : {}),
    ...(flows ? { flowIdWelcome: flowOrNull(v.flowIdWelcome), flowIdNotPhrase: flowOrNull(v.flowIdNotPhrase) } : {}),
  };
  const errors: FieldErrors<ConnectionFormField> = {};
  if (v.queueIds.length > 1 && !v.greetingMessage.trim()) errors.greetingMessage = 'connections.form.greetingRequired';
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > REOPEN_MAX_MINUTES) errors.reopenWindowMinutes = 'connections.form.reopenRange';

  let body: CreateConnectionBody | UpdateConnectionBody;
  if (mode === 'edit') {
    let provider: UpdateConnectionBody['provider'];
    if (channel === 'wppoficial') {
      const p = validate(NewSecrets, { accessToken: v.accessToken.trim(), appSecret: v.appSecret.trim() }, []);
      if (!p.ok) Object.assign(errors, p.errors);
      else if (p.data.accessToken || p.data.appSecret) provider = { ...(p.data.accessToken ? { accessToken: p.data.accessToken } : {}), ...(p.data.appSecret ? { appSecret: p.data.appSecret } : {}) };
    }
    const r = validate(UpdateConnectionBody, { ...common, ...(provider ? { provider } : {}) }, ['name']);
    if (!r.ok) Object.assign(errors, { ...r.errors, ...errors });
    body = r.ok ? r.data : common;
  } else {
    let provider: CreateConnectionBody['provider'];
    if (channel === 'wppoficial') {
      const p = validate(ProviderFields, { phoneNumberId: v.phoneNumberId.trim(), wabaId: v.wabaId.trim(), accessToken: v.accessToken.trim(), appSecret: v.appSecret.trim() }, ['phoneNumberId', 'accessToken']);
      if (!p.ok) Object.assign(errors, p.errors);
      else provider = { phoneNumberId: p.data.phoneNumberId, accessToken: p.data.accessToken, ...(p.data.wabaId ? { wabaId: p.data.wabaId } : {}), ...(p.data.appSecret ? { appSecret: p.data.appSecret } : {}) };
    }
    const r = validate(CreateConnectionBody, { ...common, channel, ...(provider ? { provider } : {}) }, ['name']);
    if (!r.ok) for (const [k, m] of Object.entries(r.errors)) if (k !== 'provider' && m && !errors[k as ConnectionFormField]) errors[k as ConnectionFormField] = m;
    body = r.ok ? r.data : common;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, body };
}
