/**
 * The chatbot option tree as the queue modal edits it (spec 2 §3 Chatbot option, §5): options at
 * any level, in order (the customer types position + 1), addressed by their path of indexes.
 */
import type { ChatbotOptionView, ChatbotTreeInput } from '@conversa/shared/schemas/queues';

export type OptionDraft = {
  /** Stable React key (also for options not saved yet). */
  key: string;
  /** Set once saved: a file can be attached only then (spec 2 §5). */
  id?: number;
  name: string;
  greetingMessage: string;
  optionType: 'text' | 'file';
  isAgent: boolean;
  forwardQueueId: number | null;
  mediaName: string | null;
  options: OptionDraft[];
};
export type OptionPath = readonly number[];

let seq = 0;
const newKey = () => `opt-${++seq}`;

export const newOption = (): OptionDraft => ({ key: newKey(), name: '', greetingMessage: '', optionType: 'text', isAgent: false, forwardQueueId: null, mediaName: null, options: [] });

export function draftsFromView(options: readonly ChatbotOptionView[]): OptionDraft[] {
  return [...options]
    .sort((a, b) => a.order - b.order || a.id - b.id)
    .map((o) => ({
      key: `id-${o.id}`,
      id: o.id,
      name: o.name,
      greetingMessage: o.greetingMessage,
      optionType: o.optionType,
      isAgent: o.isAgent,
      forwardQueueId: o.forwardQueueId,
      mediaName: o.mediaName,
      options: draftsFromView(o.options),
    }));
}

/** The tree as POST/PUT /queue `chatbots` takes it: order is the array's. */
export function treeInput(options: readonly OptionDraft[]): ChatbotTreeInput[] {
  return options.map((o) => ({
    ...(o.id !== undefined ? { id: o.id } : {}),
    name: o.name.trim(),
    greetingMessage: o.greetingMessage,
    optionType: o.optionType,
    isAgent: o.isAgent,
    forwardQueueId: o.forwardQueueId,
    options: treeInput(o.options),
  }));
}

/** Replaces the list that holds `path`'s last index (the root list for a one-step path). */
function editSiblings(tree: OptionDraft[], parent: OptionPath, fn: (siblings: OptionDraft[]) => OptionDraft[]): OptionDraft[] {
  if (parent.length === 0) return fn(tree);
  const [head, ...rest] = parent;
  return tree.map((o, i) => (i === head ? { ...o, options: editSiblings(o.options, rest, fn) } : o));
}

export function updateOption(tree: OptionDraft[], path: OptionPath, patch: Partial<OptionDraft>): OptionDraft[] {
  const last = path[path.length - 1]!;
  return editSiblings(tree, path.slice(0, -1), (s) => s.map((o, i) => (i === last ? { ...o, ...patch } : o)));
}

/** Adds an empty option at the end of the root list or of `parent`'s sub-options. */
export function addOption(tree: OptionDraft[], parent: OptionPath, option: OptionDraft = newOption()): OptionDraft[] {
  if (parent.length === 0) return [...tree, option];
  const last = parent[parent.length - 1]!;
  return editSiblings(tree, parent.slice(0, -1), (s) => s.map((o, i) => (i === last ? { ...o, options: [...o.options, option] } : o)));
}

export function removeOption(tree: OptionDraft[], path: OptionPath): OptionDraft[] {
  const last = path[path.length - 1]!;
  return editSiblings(tree, path.slice(0, -1), (s) => s.filter((_, i) => i !== last));
}

/** Moves an option up (-1) or down (+1) among its siblings; no-op at the ends. */
export function moveOption(tree: OptionDraft[], path: OptionPath, delta: -1 | 1): OptionDraft[] {
  const from = path[path.length - 1]!;
  return editSiblings(tree, path.slice(0, -1), (s) => {
    const to = from + delta;
    if (to < 0 || to >= s.length) return s;
    const next = [...s];
    [next[from], next[to]] = [next[to]!, next[from]!];
    return next;
  });
}

/** A text option with no message sends nothing, so its sub-options are never offered (spec 2 §5). */
export const leadsNowhere = (o: OptionDraft): boolean => o.optionType === 'text' && o.greetingMessage.trim() === '';

/** Spec 2 §5: name required, at least 4 ('muito curto'), at most 100. Errors by option key. */
export function treeErrors(tree: readonly OptionDraft[], out: Record<string, string> = {}): Record<string, string> {
  for (const o of tree) {
    const n = o.name.trim().length;
    if (n === 0) out[o.key] = 'validation.required';
    else if (n < 4) out[o.key] = 'queues.chatbot.tooShort';
    else if (n > 100) out[o.key] = 'validation.tooLong';
    treeErrors(o.options, out);
  }
  return out;
}

/** '1.2': what the customer types, level by level, to reach the option. */
export const pathLabel = (path: OptionPath): string => path.map((i) => i + 1).join('.');
