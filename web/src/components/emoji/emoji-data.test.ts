import { describe, expect, it } from 'vitest';
import { loadEmojis, searchEmojis } from './emoji-data';

describe('emoji data', () => {
  it('loads the groups the picker shows, in Unicode order, named in the UI language', async () => {
    const pt = await loadEmojis('pt');
    expect(pt.length).toBeGreaterThan(1500);
    expect(pt.some((e) => e.group === 2)).toBe(false);
    expect(pt[0]).toMatchObject({ unicode: '😀', label: 'rosto risonho', group: 0 });
    // Turkish has no emoji names upstream: English ones.
    expect((await loadEmojis('tr'))[0]!.label).toBe('grinning face');
  });

  it('searches names and keywords by word prefix, accents ignored', async () => {
    const pt = await loadEmojis('pt');
    const bare = (list: { unicode: string }[]) => list.map((e) => e.unicode.replace(/\uFE0F/g, ''));
    expect(bare(searchEmojis(pt, 'coracao vermelho'))).toContain('❤');
    expect(bare(searchEmojis(pt, 'polegar'))).toContain('👍');
    expect(searchEmojis(pt, 'xyzzy')).toEqual([]);
    expect(searchEmojis(pt, '   ')).toEqual([]);
  });
});
