import { describe, expect, it } from 'vitest';
import { contactMatches, contactWords, messageWords, prefixesOf, queryTerms, MAX_WORDS_PER_MESSAGE } from './tokens';

describe('search tokens', () => {
  it('indexes accent-folded lower-case prefixes of 3 to 8 characters, the longest last', () => {
    expect(prefixesOf('orcamento')).toEqual(['orc', 'orca', 'orcam', 'orcame', 'orcamen', 'orcament']);
    expect(messageWords('Quero um ORÇAMENTO, por favor!')).toEqual(['quero', 'orcament', 'favor']);
    // Short words and stop-words are left out; repeated words count once.
    expect(messageWords('ok é para já, já já')).toEqual([]);
  });

  it('caps the words of one message', () => {
    const words = Array.from({ length: 60 }, (_, i) => `p${String(i).padStart(2, '0')}alavras`);
    expect(messageWords(words.join(' '))).toEqual(words.slice(0, MAX_WORDS_PER_MESSAGE).map((w) => w.slice(0, 8)));
  });

  it("a contact's name words and number forms (with and without the country code, from 5 digits)", () => {
    const groups = contactWords({ name: 'José da Silva', number: '5511987654321' });
    expect(groups).toContainEqual(['jos', 'jose']);
    expect(groups).toContainEqual(['sil', 'silv', 'silva']);
    expect(groups).toContainEqual(['55119', '551198', '5511987', '55119876']);
    expect(groups).toContainEqual(['11987', '119876', '1198765', '11987654']);
    expect(groups.flat()).not.toContain('da');
  });

  it('a query is the AND of its indexable words, each looked up by its first 8 characters', () => {
    expect(queryTerms('  Maria  ORÇAMENTOS ab ')).toEqual([
      { word: 'maria', token: 'maria' },
      { word: 'orcamentos', token: 'orcament' },
    ]);
    expect(queryTerms('ab de')).toEqual([]);
  });

  it('checks a name or number match against the contact as it is', () => {
    const c = { name: 'Zeferino Souza', number: '5511987654321' };
    expect(contactMatches(c, { word: 'zefer', token: 'zefer' })).toBe(true);
    expect(contactMatches(c, { word: 'zeferinos', token: 'zeferino' })).toBe(false);
    expect(contactMatches(c, { word: '1198765', token: '1198765' })).toBe(true);
    expect(contactMatches(c, { word: '98765', token: '98765' })).toBe(false);
  });
});
