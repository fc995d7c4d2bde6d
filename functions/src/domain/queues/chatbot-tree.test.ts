import { describe, expect, it } from 'vitest';
import type { ChatbotTreeInput } from '@conversa/shared/schemas/queues';
import type { StoredOption } from '../../adapters/db/queues';
import { optionViews } from '../../adapters/db/queues';
import { dropForwards, forwardTargets, insertOption, locate, patchOption, planReplace, removeOption, replaceTree, treeIssues } from './chatbot-tree';

const opt = (id: number, name: string, options: StoredOption[] = [], extra: Partial<StoredOption> = {}): StoredOption => ({
  id, name, greetingMessage: `msg ${name}`, optionType: 'text', mediaKey: null, mediaName: null, isAgent: false, forwardQueueId: null, options, ...extra,
});
const input = (name: string, options: ChatbotTreeInput[] = [], extra: Partial<ChatbotTreeInput> = {}): ChatbotTreeInput => ({
  name, greetingMessage: `msg ${name}`, optionType: 'text', isAgent: false, forwardQueueId: null, options, ...extra,
});

const stored = [opt(1, 'Planos', [opt(2, 'Falar com atendente', [], { isAgent: true }), opt(3, 'Catálogo', [], { optionType: 'file', mediaKey: 'k/cat.pdf', mediaName: 'cat.pdf' })]), opt(4, 'Suporte')];

describe('replacing a tree with the modal\'s', () => {
  it('keeps ids (and files) of stored options, gives new ids to the rest, drops what is missing', () => {
    const modal = [input('Planos', [input('Catálogo', [], { id: 3, optionType: 'file' }), input('Preços novos')], { id: 1 }), input('Financeiro', [], { id: 999 })];
    const plan = planReplace(modal, stored, 'body.chatbots');
    expect(plan).toEqual({ fresh: 2, issues: [] });
    const tree = replaceTree(modal, stored, [10, 11]);
    expect(tree.map((o) => [o.id, o.name])).toEqual([[1, 'Planos'], [11, 'Financeiro']]);
    expect(tree[0]!.options.map((o) => [o.id, o.name, o.mediaKey])).toEqual([[3, 'Catálogo', 'k/cat.pdf'], [10, 'Preços novos', null]]);
    expect(locate(tree, 2)).toBeUndefined();
    expect(locate(tree, 4)).toBeUndefined();
  });

  it('an option turned into text loses its file; an id given twice is an issue', () => {
    const tree = replaceTree([input('Catálogo', [], { id: 3, optionType: 'text' })], stored, []);
    expect(tree[0]).toMatchObject({ id: 3, optionType: 'text', mediaKey: null, mediaName: null });
    expect(planReplace([input('A', [], { id: 1 }), input('B', [], { id: 1 })], stored, 'body.chatbots').issues).toHaveLength(1);
  });

  it('a tree deeper than ten levels is refused', () => {
    let deep: StoredOption[] = [];
    for (let i = 11; i >= 1; i--) deep = [opt(i, `Nível ${i}`, deep)];
    expect(treeIssues(deep, 'body.chatbots')).toHaveLength(1);
    expect(treeIssues(deep[0]!.options, 'body.chatbots')).toEqual([]);
  });
});

describe('one option at a time', () => {
  it('inserts at a position or last, under a parent or at the top', () => {
    const a = insertOption(stored, 1, opt(20, 'Novo'), 0);
    expect(a[0]!.options.map((o) => o.id)).toEqual([20, 2, 3]);
    const b = insertOption(stored, null, opt(21, 'Último'));
    expect(b.map((o) => o.id)).toEqual([1, 4, 21]);
    expect(stored[0]!.options).toHaveLength(2); // the input tree is untouched
  });

  it('changes fields, moves among siblings, and removes a subtree', () => {
    const moved = patchOption(stored, 3, { order: 0, name: 'Catálogo 2025' });
    expect(moved[0]!.options.map((o) => [o.id, o.name])).toEqual([[3, 'Catálogo 2025'], [2, 'Falar com atendente']]);
    expect(moved[0]!.options[0]!.mediaKey).toBe('k/cat.pdf');
    const text = patchOption(stored, 3, { optionType: 'text' });
    expect(locate(text, 3)!.option.mediaKey).toBeNull();
    const gone = removeOption(stored, 1);
    expect(gone.map((o) => o.id)).toEqual([4]);
    expect(locate(gone, 2)).toBeUndefined();
  });

  it('views carry the queue, the parent and the position', () => {
    const views = optionViews(7, stored);
    expect(views[1]).toMatchObject({ id: 4, queueId: 7, parentId: null, order: 1 });
    expect(views[0]!.options[1]).toMatchObject({ id: 3, queueId: 7, parentId: 1, order: 1, optionType: 'file', mediaName: 'cat.pdf' });
  });

  it('forwards: listed, and cleared when their queue is deleted', () => {
    const tree = [opt(1, 'Vendas', [opt(2, 'Ir ao suporte', [], { forwardQueueId: 9 })], { forwardQueueId: 8 })];
    expect(forwardTargets(tree).sort()).toEqual([8, 9]);
    expect(forwardTargets(dropForwards(tree, 9))).toEqual([8]);
  });
});
