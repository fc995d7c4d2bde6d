/**
 * The contact modal's rules (spec 1 §5): name 2–50 required, number 8–50 digits required (stripped
 * of everything else), e-mail valid when given; extra info rows need a name when they hold a value.
 */
import { ContactBody, type ContactView } from '@conversa/shared/schemas/contacts';
import { validate, type FieldErrors } from '../../../lib/validation';

export type ExtraInfoRow = { key: string; name: string; value: string };

export type ContactFormValues = {
  name: string;
  number: string;
  email: string;
  empresa: string;
  disableBot: boolean;
  acceptAudioMessage: boolean;
  extraInfo: ExtraInfoRow[];
};

export type ContactFormErrors = FieldErrors & { extraInfoRows?: Record<number, string> };

let rowSeq = 0;
export const newExtraRow = (name = '', value = ''): ExtraInfoRow => ({ key: `row-${++rowSeq}`, name, value });

export function emptyContactForm(initialNumber = ''): ContactFormValues {
  return { name: '', number: initialNumber, email: '', empresa: '', disableBot: false, acceptAudioMessage: true, extraInfo: [] };
}

export function formFromContact(c: ContactView): ContactFormValues {
  return {
    name: c.name,
    number: c.number,
    email: c.email,
    empresa: c.empresa,
    disableBot: c.disableBot,
    acceptAudioMessage: c.acceptAudioMessage,
    extraInfo: c.extraInfo.map((e) => newExtraRow(e.name, e.value)),
  };
}

/** Same contents, ignoring the row keys: Save stays disabled on a saved, untouched contact. */
export function sameForm(a: ContactFormValues, b: ContactFormValues): boolean {
  const strip = (v: ContactFormValues) => JSON.stringify({ ...v, extraInfo: v.extraInfo.map(({ name, value }) => [name, value]) });
  return strip(a) === strip(b);
}

export type ContactFormResult = { ok: true; body: ContactBody } | { ok: false; errors: ContactFormErrors };

export function buildContactBody(values: ContactFormValues): ContactFormResult {
  const rows = values.extraInfo.filter((r) => r.name.trim() !== '' || r.value.trim() !== '');
  const rowErrors: Record<number, string> = {};
  values.extraInfo.forEach((r, i) => {
    if (r.name.trim() === '' && r.value.trim() !== '') rowErrors[i] = 'validation.required';
  });
  const body = {
    name: values.name,
    number: values.number,
    email: values.email.trim(),
    empresa: values.empresa,
    disableBot: values.disableBot,
    acceptAudioMessage: values.acceptAudioMessage,
    extraInfo: rows.map((r) => ({ name: r.name.trim(), value: r.value.trim() })),
  };
  const r = validate(ContactBody, body, ['name', 'number']);
  const errors: ContactFormErrors = r.ok ? {} : { ...r.errors };
  if (Object.keys(rowErrors).length > 0) errors.extraInfoRows = rowErrors;
  if (!r.ok || errors.extraInfoRows) return { ok: false, errors };
  return { ok: true, body: r.data };
}
