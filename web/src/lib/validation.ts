/**
 * Form validation with the zod schemas of @conversa/shared. Their messages are the spec's texts
 * ('Too Short!', 'Muito curto!', …); here they become i18n keys so every language shows its own.
 */
import type { z } from 'zod';

const MESSAGE_KEYS: Record<string, string> = {
  'Too Short!': 'validation.tooShort',
  'Too Long!': 'validation.tooLong',
  Required: 'validation.required',
  'Invalid email': 'validation.invalidEmail',
  'Muito curto!': 'validation.signupTooShort',
  'Muito extenso!': 'validation.signupTooLong',
  'Email inválido': 'validation.signupInvalidEmail',
  'Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.': 'validation.strongPassword',
  'As senhas não correspondem': 'validation.passwordsMismatch',
  'HH:MM': 'validation.invalidTime',
  'digits only': 'validation.invalidPhone',
  ERR_INVALID_RESET_CODE: 'validation.invalidCode',
  'letters, digits, - and _ only, up to 120': 'validation.invalidToken',
};

/** The i18n key for a schema message; unknown messages are shown as they are. */
export function messageKey(message: string): string {
  return MESSAGE_KEYS[message] ?? message;
}

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** First issue per top-level field, as i18n keys. */
export function fieldErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as K;
    if (field && !out[field]) out[field] = messageKey(issue.message);
  }
  return out;
}

/** Marks empty required fields first (the spec's 'Required'), then runs the schema. */
export function validate<T, K extends string = string>(
  schema: z.ZodType<T>,
  values: Record<string, unknown>,
  required: readonly K[] = [],
  requiredKey = 'validation.required',
): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  for (const k of required) {
    const v = values[k];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) errors[k] = requiredKey;
  }
  const parsed = schema.safeParse(values);
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, data: parsed.data };
  if (!parsed.success) {
    const fromSchema = fieldErrors(parsed.error);
    for (const [k, v] of Object.entries(fromSchema)) if (v && !errors[k]) errors[k] = v;
  }
  return { ok: false, errors };
}
