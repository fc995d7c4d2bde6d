/**
 * The tag / lane dialog's rules (spec 3 §5, §3 Tag): name required ('Obrigatório'), at least 3
 * characters ('Mensagem muito curta'), at most 50; a hex colour; a lane's campaign: recurrence 0–30
 * days, and switched on only with a message or a file to send (the server checks the same).
 */
import { LANE_MAX_REPEAT_DAYS, type TagRecord } from '@conversa/shared/schemas/tags';
import { COLOR_SWATCHES } from '../../../components/ui/color-field';
import { isHexColor } from '../../../lib/color';
import type { TagInput } from '../api/save-tag';

export type TagFormValues = { name: string; color: string; actCamp: boolean; msgR: string; rptDays: string };
export type TagFormField = 'name' | 'color' | 'msgR' | 'rptDays';
export type TagFormErrors = Partial<Record<TagFormField, string>>;

export const emptyTagForm = (): TagFormValues => ({ name: '', color: COLOR_SWATCHES[0], actCamp: false, msgR: '', rptDays: '0' });

export const formFromTag = (t: TagRecord): TagFormValues => ({ name: t.name, color: t.color, actCamp: t.actCamp === 1, msgR: t.msgR, rptDays: String(t.rptDays) });

/** The request body, or the errors (keys of the tags section). `hasMedia`: the lane keeps or gets a file. */
export function buildTagBody(v: TagFormValues, kanban: 0 | 1, hasMedia: boolean): { ok: true; body: TagInput } | { ok: false; errors: TagFormErrors } {
  const errors: TagFormErrors = {};
  const name = v.name.trim();
  if (!name) errors.name = 'tags.validation.required';
  else if (name.length < 3) errors.name = 'tags.validation.tooShort';
  else if (name.length > 50) errors.name = 'tags.validation.tooLong';
  if (!isHexColor(v.color)) errors.color = 'tags.validation.invalidColor';
  if (kanban === 0) {
    if (Object.keys(errors).length) return { ok: false, errors };
    return { ok: true, body: { name, color: v.color.trim(), kanban } };
  }
  const rptDays = Number(v.rptDays.trim() || '0');
  if (!Number.isInteger(rptDays) || rptDays < 0 || rptDays > LANE_MAX_REPEAT_DAYS) errors.rptDays = 'tags.validation.rptDays';
  if (v.actCamp && !v.msgR.trim() && !hasMedia) errors.msgR = 'tags.validation.campaignEmpty';
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, body: { name, color: v.color.trim(), kanban, actCamp: v.actCamp ? 1 : 0, msgR: v.msgR, rptDays } };
}
