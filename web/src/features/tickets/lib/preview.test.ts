import { describe, expect, it } from 'vitest';
import { previewText } from './preview';

describe('previewText', () => {
  it('drops the signature and the bold and strike markers, one line', () => {
    expect(previewText('*Ana Souza*:\nOlá, tudo bem?')).toBe('Ana Souza: Olá, tudo bem?');
    expect(previewText('Preço ~R$ 10~ agora *R$ 8*')).toBe('Preço R$ 10 agora R$ 8');
  });
  it('keeps stars and tildes that are not markers', () => {
    expect(previewText('2 * 3 = 6 e ~ 7')).toBe('2 * 3 = 6 e ~ 7');
    expect(previewText('a*b*c')).toBe('a*b*c');
  });
});
