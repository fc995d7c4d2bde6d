/**
 * Quick-reply rules (spec 3 §5, §6): shortcode and message required ('Obrigatório') unless a media
 * is attached (the message is then disabled); images png, jpg, jpeg only; admins and supervisors
 * manage every reply, a user only their own replies that are not company-wide ("geral").
 */
import { MESSAGE_VARIABLES, variableToken, type MessageVariable } from '@conversa/shared/message-variables';
import { isAdmin, type Principal } from '@conversa/shared/roles';
import { QuickMessageBody, type QuickMessageView } from '@conversa/shared/schemas/quick-messages';
import { UPLOAD_LIMIT_BYTES } from '@conversa/shared/constants';
import { validate, type FieldErrors } from '../../../lib/validation';

export type QuickMessageFormValues = {
  shortcode: string;
  message: string;
  geral: boolean;
  media: { key: string; name: string } | null;
};

export const emptyQuickMessageForm: QuickMessageFormValues = { shortcode: '', message: '', geral: false, media: null };

export function formFromQuickMessage(q: QuickMessageView): QuickMessageFormValues {
  return { shortcode: q.shortcode, message: q.message, geral: q.geral, media: q.mediaKey ? { key: q.mediaKey, name: q.mediaName ?? q.mediaKey } : null };
}

type Who = Principal & { id: number };

export const managesAll = (me: Principal): boolean => isAdmin(me) || me.profile === 'supervisor';

export function canManageQuickMessage(me: Who, q: Pick<QuickMessageView, 'geral' | 'userId'>): boolean {
  return managesAll(me) || (!q.geral && q.userId === me.id);
}

export type QuickMessageFormResult =
  | { ok: true; body: { shortcode: string; message: string; geral: boolean; mediaKey: string | null; mediaName: string | null } }
  | { ok: false; errors: FieldErrors };

export function buildQuickMessageBody(values: QuickMessageFormValues): QuickMessageFormResult {
  const body = {
    shortcode: values.shortcode,
    message: values.media ? '' : values.message,
    geral: values.geral,
    mediaKey: values.media?.key ?? null,
    mediaName: values.media?.name ?? null,
  };
  const required = values.media ? (['shortcode'] as const) : (['shortcode', 'message'] as const);
  const r = validate(QuickMessageBody, body, required, 'quickMessages.required');
  if (!r.ok) {
    const errors = { ...r.errors };
    if (errors.shortcode === 'Sem espaços') errors.shortcode = 'quickMessages.noSpaces';
    return { ok: false, errors };
  }
  return { ok: true, body: { ...body, shortcode: r.data.shortcode, message: r.data.message } };
}

export const MEDIA_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

export function checkMedia(file: { name: string; type: string; size: number }): 'ok' | 'wrongType' | 'tooBig' {
  if (!/\.(png|jpe?g)$/i.test(file.name) || !/^image\/(png|jpeg)$/.test(file.type)) return 'wrongType';
  if (file.size > UPLOAD_LIMIT_BYTES) return 'tooBig';
  return 'ok';
}

/** Puts a variable's token where the caret is (or replaces the selection); answers the text and the new caret. */
export function insertVariable(text: string, selStart: number, selEnd: number, v: MessageVariable): { text: string; caret: number } {
  const token = variableToken(v);
  const start = Math.max(0, Math.min(selStart, text.length));
  const end = Math.max(start, Math.min(selEnd, text.length));
  return { text: text.slice(0, start) + token + text.slice(end), caret: start + token.length };
}

export { MESSAGE_VARIABLES };

/** Case-insensitive search over shortcode and message. */
export function filterQuickMessages(list: QuickMessageView[], search: string): QuickMessageView[] {
  const s = search.trim().toLowerCase();
  const sorted = [...list].sort((a, b) => a.shortcode.localeCompare(b.shortcode));
  if (!s) return sorted;
  return sorted.filter((q) => q.shortcode.toLowerCase().includes(s) || q.message.toLowerCase().includes(s));
}
