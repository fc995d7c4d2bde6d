/**
 * Pure operations on a queue's stored option tree (spec 2 §3 Chatbot option): replace it with the
 * queue modal's tree, find, insert, change and remove one option. A position among siblings is
 * the option's `order` (the customer types it + 1). Every function returns a new tree.
 */
import type { ChatbotTreeInput } from '@conversa/shared/schemas/queues';
import type { StoredOption } from '../../adapters/db/queues';
import type { Issue } from '../../lib/app-error';

/** Levels of options below a queue (a menu deeper than this is no menu a customer walks). */
export const MAX_TREE_DEPTH = 10;
/** Options in one queue's tree. */
export const MAX_TREE_OPTIONS = 500;

export type Located = { option: StoredOption; parentId: number | null; siblings: StoredOption[]; index: number; depth: number };

function* walk(options: StoredOption[], parentId: number | null = null, depth = 1): Generator<Located> {
  for (const [index, option] of options.entries()) {
    yield { option, parentId, siblings: options, index, depth };
    yield* walk(option.options ?? [], option.id, depth + 1);
  }
}

export function locate(options: StoredOption[], id: number): Located | undefined {
  for (const at of walk(options)) if (at.option.id === id) return at;
  return undefined;
}

export const countOptions = (options: StoredOption[]): number => [...walk(options)].length;
export const treeDepth = (options: StoredOption[]): number => Math.max(0, ...[...walk(options)].map((l) => l.depth));

/** The queues the tree forwards to. */
export const forwardTargets = (options: StoredOption[]): number[] => [...new Set([...walk(options)].flatMap((l) => (l.option.forwardQueueId ? [l.option.forwardQueueId] : [])))];

/** Structural problems of a tree: too deep or too big. */
export function treeIssues(options: StoredOption[], path: string): Issue[] {
  const issues: Issue[] = [];
  if (treeDepth(options) > MAX_TREE_DEPTH) issues.push({ path, message: `at most ${MAX_TREE_DEPTH} levels of options` });
  if (countOptions(options) > MAX_TREE_OPTIONS) issues.push({ path, message: `at most ${MAX_TREE_OPTIONS} options in a queue` });
  return issues;
}

function* walkInput(input: ChatbotTreeInput[]): Generator<ChatbotTreeInput> {
  for (const node of input) {
    yield node;
    yield* walkInput(node.options ?? []);
  }
}

/**
 * How the modal's tree maps onto the stored one: an id of a stored option keeps that option (and
 * its file); an option without an id, or with an id this queue does not hold, gets a new one.
 * Answers how many new ids it needs, and an issue for an id given twice.
 */
export function planReplace(input: ChatbotTreeInput[], stored: StoredOption[], path: string): { fresh: number; issues: Issue[] } {
  const kept = new Set([...walk(stored)].map((l) => l.option.id));
  const seen = new Set<number>();
  const issues: Issue[] = [];
  let fresh = 0;
  for (const node of walkInput(input)) {
    if (node.id !== undefined && kept.has(node.id)) {
      if (seen.has(node.id)) issues.push({ path, message: `option ${node.id} appears twice` });
      seen.add(node.id);
    } else fresh++;
  }
  return { fresh, issues };
}

/** The stored tree the modal's tree becomes; `freshIds` has at least `planReplace(...).fresh` ids. */
export function replaceTree(input: ChatbotTreeInput[], stored: StoredOption[], freshIds: number[]): StoredOption[] {
  const byId = new Map([...walk(stored)].map((l) => [l.option.id, l.option]));
  const ids = [...freshIds];
  const build = (nodes: ChatbotTreeInput[]): StoredOption[] =>
    nodes.map((n) => {
      const was = n.id !== undefined ? byId.get(n.id) : undefined;
      const id = was ? was.id : ids.shift();
      if (id === undefined) throw new Error('replaceTree: not enough fresh ids');
      // A file stays with its option while it is still a file option.
      const file = was && n.optionType === 'file' ? { mediaKey: was.mediaKey, mediaName: was.mediaName, mimetype: was.mimetype ?? null } : { mediaKey: null, mediaName: null, mimetype: null };
      return { id, name: n.name, greetingMessage: n.greetingMessage ?? '', optionType: n.optionType ?? 'text', ...file, isAgent: n.isAgent ?? false, forwardQueueId: n.forwardQueueId ?? null, options: build(n.options ?? []) };
    });
  return build(input);
}

/** Applies `change` to the option `id` (or to the top level when `id` is null) in a copy of the tree. */
function edit(options: StoredOption[], id: number, change: (siblings: StoredOption[], index: number) => void): StoredOption[] {
  const copy = structuredClone(options);
  const at = locate(copy, id);
  if (!at) throw new Error(`option ${id} not in the tree`);
  change(at.siblings, at.index);
  return copy;
}

/** Inserts `option` under `parentId` (null: first level) at `order` (default: last). */
export function insertOption(options: StoredOption[], parentId: number | null, option: StoredOption, order?: number): StoredOption[] {
  const copy = structuredClone(options);
  const siblings = parentId === null ? copy : locate(copy, parentId)?.option.options;
  if (!siblings) throw new Error(`option ${parentId} not in the tree`);
  siblings.splice(Math.min(order ?? siblings.length, siblings.length), 0, option);
  return copy;
}

export type OptionPatch = Partial<Pick<StoredOption, 'name' | 'greetingMessage' | 'optionType' | 'mediaKey' | 'mediaName' | 'mimetype' | 'isAgent' | 'forwardQueueId'>> & { order?: number };

/** Changes an option's fields; `order` moves it among its siblings; a text option has no file. */
export function patchOption(options: StoredOption[], id: number, patch: OptionPatch): StoredOption[] {
  return edit(options, id, (siblings, index) => {
    const { order, ...fields } = patch;
    const next = { ...siblings[index]!, ...fields };
    if (next.optionType === 'text') Object.assign(next, { mediaKey: null, mediaName: null, mimetype: null });
    siblings.splice(index, 1);
    siblings.splice(order === undefined ? index : Math.min(order, siblings.length), 0, next);
  });
}

/** Removes an option with everything below it. */
export function removeOption(options: StoredOption[], id: number): StoredOption[] {
  return edit(options, id, (siblings, index) => {
    siblings.splice(index, 1);
  });
}

/** Clears forwards to a queue that is gone (its options stay, leading nowhere else). */
export function dropForwards(options: StoredOption[], queueId: number): StoredOption[] {
  return options.map((o) => ({ ...o, forwardQueueId: o.forwardQueueId === queueId ? null : o.forwardQueueId, options: dropForwards(o.options ?? [], queueId) }));
}
