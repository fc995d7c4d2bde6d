import { describe, expect, it } from 'vitest';
import { pickOption, ratingMenu } from './rating-menu';

const rating = { message: 'Como foi o atendimento?', options: [{ name: 'Ótimo', value: 3 }, { name: 'Bom', value: 2 }, { name: 'Não gostei', value: 1 }] };

describe('rating menu', () => {
  it('connection text, rating message and options numbered by position, one blank line apart', () => {
    expect(ratingMenu(rating, '  Por favor, avalie nosso atendimento ')).toBe('Por favor, avalie nosso atendimento\n\nComo foi o atendimento?\n\n*1* - Ótimo\n*2* - Bom\n*3* - Não gostei');
    expect(ratingMenu(rating, '')).toBe('Como foi o atendimento?\n\n*1* - Ótimo\n*2* - Bom\n*3* - Não gostei');
  });

  it('an answer is a position (bold, dot or parenthesis tolerated) or an option name, case and accents aside', () => {
    const o = rating.options;
    expect(pickOption(o, '1')).toBe(o[0]);
    expect(pickOption(o, ' 2 \n')).toBe(o[1]);
    expect(pickOption(o, '*3*')).toBe(o[2]);
    expect(pickOption(o, '3.')).toBe(o[2]);
    expect(pickOption(o, '2)')).toBe(o[1]);
    expect(pickOption(o, 'otimo')).toBe(o[0]);
    expect(pickOption(o, 'NÃO  GOSTEI')).toBe(o[2]);
  });

  it('anything else is no answer', () => {
    const o = rating.options;
    for (const text of ['0', '4', '12', 'obrigado', '', '   ', '1 2', 'ótimo!', '1,5', '-1']) expect(pickOption(o, text), text).toBeUndefined();
  });
});
