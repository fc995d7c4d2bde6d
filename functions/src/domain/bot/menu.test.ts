import { describe, expect, it } from 'vitest';
import type { ChatbotOptionView } from '@conversa/shared/schemas/queues';
import { findOption, hasMessage, menuText, readAnswer } from './menu';

const option = (id: number, over: Partial<ChatbotOptionView> = {}): ChatbotOptionView => ({
  id, queueId: 1, parentId: null, name: `Opção ${id}`, greetingMessage: '', optionType: 'text', mediaKey: null, mediaName: null, isAgent: false, forwardQueueId: null, order: 0, options: [], ...over,
});

describe('bot menus', () => {
  it('numbers the entries under the greeting and ends with the back line', () => {
    expect(menuText('Olá! Escolha:', ['Vendas', 'Suporte'])).toBe('Olá! Escolha:\n\n*1* - Vendas\n*2* - Suporte');
    expect(menuText('  ', ['Boletos'], 'previous')).toBe('*1* - Boletos\n\n*#* - Voltar ao menu anterior');
    expect(menuText('Suporte', ['Internet'], 'queues')).toBe('Suporte\n\n*1* - Internet\n\n*#* - Voltar ao menu inicial');
  });

  it('reads numbers and # and nothing else as a choice', () => {
    expect(readAnswer(' 2 ')).toEqual({ kind: 'pick', index: 1 });
    expect(readAnswer('3.')).toEqual({ kind: 'pick', index: 2 });
    expect(readAnswer('1)')).toEqual({ kind: 'pick', index: 0 });
    expect(readAnswer('#')).toEqual({ kind: 'back' });
    expect(readAnswer('2 por favor')).toEqual({ kind: 'other' });
    expect(readAnswer('')).toEqual({ kind: 'other' });
  });

  it('finds nested options and knows which lead on', () => {
    const tree = [option(1, { options: [option(2, { parentId: 1, options: [option(3, { parentId: 2 })] })] }), option(4)];
    expect(findOption(tree, 3)?.parentId).toBe(2);
    expect(findOption(tree, 9)).toBeUndefined();
    expect(hasMessage(option(5, { greetingMessage: 'Texto' }))).toBe(true);
    expect(hasMessage(option(6, { greetingMessage: '  ' }))).toBe(false);
    expect(hasMessage(option(7, { optionType: 'file', greetingMessage: 'tabela.pdf' }))).toBe(false);
    expect(hasMessage(option(8, { optionType: 'file', greetingMessage: 'tabela.pdf', mediaKey: 'k' }))).toBe(true);
  });
});
