/**
 * The schedule dialog's rules (spec 3 §5): body required, at least 5 characters ('Mensagem muito
 * curta'); contact required; send time required ('Obrigatório'), by default now plus 5 minutes;
 * recurrence 0–30 days; attachments .png .jpg .jpeg .mp4 .mp3 .ogg. And the list's formats:
 * DD/MM/YYYY HH:mm:ss, the status capitalised.
 */
import { SCHEDULE_DEFAULT_DELAY_MS, SCHEDULE_MAX_DAYS_R, scheduleMediaType, type ScheduleStatus, type ScheduleView } from '@conversa/shared/schemas/schedules';
import type { ScheduleInput } from '../api/save-schedule';

export type ScheduleContact = { id: number; name: string };
export type ScheduleFormValues = { contact: ScheduleContact | null; body: string; sendAt: string; daysR: string };
export type ScheduleFormErrors = Partial<Record<'contact' | 'body' | 'sendAt' | 'daysR', string>>;

const two = (n: number) => String(n).padStart(2, '0');

/** A `datetime-local` value (local time, seconds) of an instant. */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** DD/MM/YYYY HH:mm:ss in the browser's time (spec 3 "Schedules page"). */
export function formatSendAt(iso: string): string {
  const d = new Date(iso);
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** 'PENDENTE' → 'Pendente' (spec 3 §4: the status shown capitalised). */
export const capitalised = (status: ScheduleStatus): string => status.charAt(0) + status.slice(1).toLowerCase();

export const emptyScheduleForm = (contact: ScheduleContact | null = null, now = new Date()): ScheduleFormValues => ({
  contact,
  body: '',
  sendAt: toLocalInput(new Date(now.getTime() + SCHEDULE_DEFAULT_DELAY_MS)),
  daysR: '0',
});

export const formFromSchedule = (s: ScheduleView): ScheduleFormValues => ({ contact: s.contact, body: s.body, sendAt: toLocalInput(new Date(s.sendAt)), daysR: String(s.daysR) });

/** The file's type when it is one of the spec's attachments (by its extension), else undefined. */
export const scheduleFileType = scheduleMediaType;

/** The request body, or the errors (keys of the schedules section). */
export function buildScheduleBody(v: ScheduleFormValues): { ok: true; body: ScheduleInput } | { ok: false; errors: ScheduleFormErrors } {
  const errors: ScheduleFormErrors = {};
  const body = v.body.trim();
  if (!body) errors.body = 'schedules.validation.required';
  else if (body.length < 5) errors.body = 'schedules.validation.tooShort';
  if (!v.contact) errors.contact = 'schedules.validation.required';
  const at = v.sendAt ? new Date(v.sendAt) : undefined;
  if (!at || Number.isNaN(at.getTime())) errors.sendAt = 'schedules.validation.required';
  const daysR = Number(v.daysR || '0');
  if (!Number.isInteger(daysR) || daysR < 0 || daysR > SCHEDULE_MAX_DAYS_R) errors.daysR = 'schedules.validation.daysR';
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, body: { body, sendAt: at!.toISOString(), contactId: v.contact!.id, daysR } };
}
