/**
 * The bot's menus (BEHAVIOUR.md "Inbound message" step 10): numbered lists the customer answers
 * with a number, `#` to go back. Pure functions: the texts and how an answer reads.
 */
import type { ChatbotOptionView } from '@conversa/shared/schemas/queues';
import { BOT_TEXTS } from './texts';

export type Back = 'queues' | 'previous';

/**
 * A menu: the greeting, a blank line, one `*n* - name` line per entry, and the `#` line when there
 * is somewhere to go back to. An empty greeting leaves only the list.
 */
export function menuText(greeting: string, names: readonly string[], back?: Back): string {
  const list = names.map((name, i) => `*${i + 1}* - ${name}`).join('\n');
  const backLine = back ? `*#* - ${back === 'queues' ? BOT_TEXTS.backToQueues : BOT_TEXTS.backToPrevious}` : '';
  return [greeting.trim(), list, backLine].filter(Boolean).join('\n\n');
}

export type Answer = { kind: 'back' } | { kind: 'pick'; index: number } | { kind: 'other' };

/** `#` goes back; a number (spaces and a trailing dot or parenthesis allowed: "2", " 2.", "2)") picks that entry. */
export function readAnswer(body: string): Answer {
  const text = body.trim();
  if (text === '#') return { kind: 'back' };
  const m = /^(\d{1,3})\s*[.)]?$/.exec(text);
  if (m) return { kind: 'pick', index: Number(m[1]) - 1 };
  return { kind: 'other' };
}

/** An option anywhere in a tree, by id. */
export function findOption(options: readonly ChatbotOptionView[], id: number): ChatbotOptionView | undefined {
  for (const o of options) {
    if (o.id === id) return o;
    const inner = findOption(o.options, id);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Whether picking an option shows something: its text, or its file once uploaded. An option
 * without one does not lead to its next level (spec 2 §5); hand-over and forward still act.
 */
export const hasMessage = (o: ChatbotOptionView): boolean => (o.optionType === 'file' ? Boolean(o.mediaKey) : o.greetingMessage.trim() !== '');
