/** Quick-reply suggestions (spec 1 §2 "Input"): a leading '/' with 2 or more characters. */
import { QUICK_REPLY_PREVIEW_CHARS } from '@conversa/shared/constants';
import type { QuickMessageView } from '@conversa/shared/schemas/quick-messages';

/** The shortcut typed after '/', or undefined when no suggestions should show. */
export function quickReplyQuery(input: string): string | undefined {
  if (!input.startsWith('/') || input.length < 2 || /\s/.test(input)) return undefined;
  return input.slice(1).toLowerCase();
}

/** Shortcuts starting with the query first, then those containing it; alphabetical within each. */
export function matchQuickReplies(list: QuickMessageView[], query: string, max = 20): QuickMessageView[] {
  const q = query.toLowerCase();
  const scored = list
    .map((m) => ({ m, s: m.shortcode.toLowerCase() }))
    .filter(({ s }) => s.includes(q))
    .sort((a, b) => Number(!a.s.startsWith(q)) - Number(!b.s.startsWith(q)) || a.s.localeCompare(b.s));
  return scored.slice(0, max).map(({ m }) => m);
}

export function previewText(message: string, max = QUICK_REPLY_PREVIEW_CHARS): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}...` : flat;
}
