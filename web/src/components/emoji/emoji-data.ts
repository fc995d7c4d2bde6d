/**
 * The emoji list for the picker, from emojibase (Unicode's CLDR names and keywords, in pt, en and
 * es; tr has none there and falls back to en). Loaded on first open as a chunk of its own, so no
 * page pays for it before someone opens the picker.
 */
export type Emoji = { unicode: string; label: string; tags: string[]; group: number; order: number };

/** emojibase's groups shown, in order (2 = skin-tone components and regional indicators are not). */
export const EMOJI_GROUPS = [0, 1, 3, 4, 5, 6, 7, 8, 9] as const;
export type EmojiGroup = (typeof EMOJI_GROUPS)[number];

type Raw = { unicode: string; label: string; tags?: string[]; group?: number; order?: number };

const loaders: Record<string, () => Promise<{ default: Raw[] }>> = {
  pt: () => import('emojibase-data/pt/compact.json'),
  es: () => import('emojibase-data/es/compact.json'),
  en: () => import('emojibase-data/en/compact.json'),
};

const cache = new Map<string, Promise<Emoji[]>>();

export function loadEmojis(lang: string): Promise<Emoji[]> {
  const key = loaders[lang] ? lang : 'en';
  let hit = cache.get(key);
  if (!hit) {
    hit = loaders[key]!().then(({ default: raw }) =>
      raw
        .filter((e): e is Raw & { group: number } => e.group !== undefined && (EMOJI_GROUPS as readonly number[]).includes(e.group))
        .map((e) => ({ unicode: e.unicode, label: e.label, tags: e.tags ?? [], group: e.group, order: e.order ?? 0 }))
        .sort((a, b) => a.order - b.order),
    );
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
  }
  return hit;
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Emojis whose name or a keyword starts a word with every word of the query (accents ignored). */
export function searchEmojis(all: readonly Emoji[], query: string, max = 120): Emoji[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const out: Emoji[] = [];
  for (const e of all) {
    const hay = fold(`${e.label} ${e.tags.join(' ')}`).split(/[\s,:-]+/);
    if (words.every((w) => hay.some((h) => h.startsWith(w)))) out.push(e);
    if (out.length >= max) break;
  }
  return out;
}
