import { describe, expect, it } from 'vitest';
import type { ChatbotOptionView } from '@conversa/shared/schemas/queues';
import { addOption, draftsFromView, leadsNowhere, moveOption, newOption, pathLabel, removeOption, treeErrors, treeInput, updateOption, type OptionDraft } from './chatbot-tree';

const view = (id: number, order: number, options: ChatbotOptionView[] = []): ChatbotOptionView => ({
  id, queueId: 1, parentId: null, name: `Opção ${id}`, greetingMessage: `msg ${id}`, optionType: 'text', mediaKey: null, mediaName: null,
  isAgent: false, forwardQueueId: null, order, options,
});
const named = (name: string, options: OptionDraft[] = []): OptionDraft => ({ ...newOption(), name, greetingMessage: 'x', options });

describe('chatbot tree', () => {
  it('loads the stored tree in sibling order, keeping ids', () => {
    const tree = draftsFromView([view(2, 1), view(1, 0, [view(5, 1), view(4, 0)])]);
    expect(tree.map((o) => o.id)).toEqual([1, 2]);
    expect(tree[0]!.options.map((o) => o.id)).toEqual([4, 5]);
  });

  it('adds, edits, moves and removes options at any level', () => {
    let tree: OptionDraft[] = [named('Planos'), named('Suporte')];
    tree = addOption(tree, [0], named('Falar com atendente'));
    tree = addOption(tree, [0, 0], named('Mais fundo'));
    expect(tree[0]!.options[0]!.options[0]!.name).toBe('Mais fundo');
    tree = updateOption(tree, [0, 0], { isAgent: true });
    expect(tree[0]!.options[0]!.isAgent).toBe(true);
    expect(tree[1]!.isAgent).toBe(false);
    tree = moveOption(tree, [1], -1);
    expect(tree.map((o) => o.name)).toEqual(['Suporte', 'Planos']);
    expect(moveOption(tree, [0], -1)).toEqual(tree);
    tree = removeOption(tree, [1, 0]);
    expect(tree[1]!.options).toEqual([]);
  });

  it('sends the tree as POST/PUT /queue chatbots: ids only for saved options, names trimmed', () => {
    const tree = [{ ...named('  Planos  ', [named('Falar com atendente')]), id: 7 }];
    expect(treeInput(tree)).toEqual([
      { id: 7, name: 'Planos', greetingMessage: 'x', optionType: 'text', isAgent: false, forwardQueueId: null, options: [{ name: 'Falar com atendente', greetingMessage: 'x', optionType: 'text', isAgent: false, forwardQueueId: null, options: [] }] },
    ]);
  });

  it("names below 4 characters are 'muito curto', empty ones required, at every level", () => {
    const deep = named('abc');
    const tree = [named('Planos', [deep]), { ...named(''), key: 'empty' }];
    expect(treeErrors(tree)).toEqual({ [deep.key]: 'queues.chatbot.tooShort', empty: 'validation.required' });
    expect(treeErrors([named('Plan')])).toEqual({});
  });

  it('a text option without a message leads nowhere; a file option does', () => {
    expect(leadsNowhere({ ...newOption(), name: 'Planos' })).toBe(true);
    expect(leadsNowhere({ ...newOption(), optionType: 'file' })).toBe(false);
    expect(pathLabel([0, 2])).toBe('1.3');
  });
});
