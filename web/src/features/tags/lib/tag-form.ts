/**
 * The tag / lane dialog's rules (spec 3 §5, §3 Tag): name required ('Obrigatório'), at least 3
 * characters ('Mensagem muito curta'), at most 50; a hex colour; a lane's campaign: recurrence 0–30
 * days, and switched on only with a message or a file to send (the server checks the same).
 */
import { campaignHasNothingToSend, TagBody, type TagRecord } from '@conversa/shared/schemas/tags';
import { COLOR_SWATCHES } from '../../../components/ui/color-field';
import type { TagInput } from '../api/save-tag';

export type TagFormValues = { name: string; color: string; actCamp: boolean; msgR: string; rptDays: string };
export type TagFormField = 'name' | 'color' | 'msgR' | 'rptDays';
export type TagFormErrors = Partial<Record<TagFormField, string>>;

export const emptyTagForm = (): TagFormValues => ({ name: '', color: COLOR_SWATCHES[0], actCamp: false, msgR: '', rptDays: '0' });

export const formFromTag = (t: TagRecord): TagFormValues => ({ name: t.name, color: t.color, actCamp: t.actCamp === 1, msgR: t.msgR, rptDays: String(t.rptDays) });

/** The shared schema's messages (spec 3 §5) as keys of the tags section. */
const KEYS: Record<string, string> = { Obrigatório: 'tags.validation.required', 'Mensagem muito curta': 'tags.validation.tooShort', 'Too Long!': 'tags.validation.tooLong', 'Cor inválida': 'tags.validation.invalidColor' };

/**
 * The request body, or the errors (keys of the tags section), by the shared TagBody schema the
 * server parses with; `hasMedia`: the lane keeps or gets a file. A plain tag sends no campaign fields.
 */
export function buildTagBody(v: TagFormValues, kanban: 0 | 1, hasMedia: boolean): { ok: true; body: TagInput } | { ok: false; errors: TagFormErrors } {
  const rptDays = v.rptDays.trim() === '' ? 0 : Number(v.rptDays.trim());
  const values = { name: v.name, color: v.color, kanban, ...(kanban === 1 ? { actCamp: v.actCamp ? 1 : 0, msgR: v.msgR, rptDays } : {}) };
  const parsed = TagBody.safeParse(values);
  const errors: TagFormErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as TagFormField;
      if (errors[field]) continue;
      errors[field] = field === 'rptDays' ? 'tags.validation.rptDays' : (KEYS[issue.message] ?? issue.message);
    }
  }
  if (kanban === 1 && campaignHasNothingToSend(values, hasMedia)) errors.msgR = 'tags.validation.campaignEmpty';
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  const { userId: _u, ...body } = parsed.data;
  return { ok: true, body: body as TagInput };
}
