/**
 * The words of the tickets search index (DESIGN.md "Data": accent-folded, lower-cased word
 * prefixes of the contact's name and number and of the message text, each pointing at its ticket).
 *
 * A word of at least MIN_WORD characters yields its prefixes of MIN_WORD..MAX_PREFIX characters; a
 * longer query word is looked up by its first MAX_PREFIX characters (so "confirmado" also finds
 * "confirmação" in message text; name and number matches are checked against the contact as it is).
 * The longest prefix of a word is its marker: the index writes it last, so a ticket that has it
 * has all of that word's shorter prefixes too, and the indexer skips words whose marker exists.
 */

export const MIN_WORD = 3;
export const MAX_PREFIX = 8;
/** Contact numbers: prefixes from this many digits (a shorter number search lists nothing). */
export const MIN_DIGITS = 5;
/** Words taken from one message (the first distinct ones after stop-words) and characters read. */
export const MAX_WORDS_PER_MESSAGE = 24;
export const MAX_TEXT_CHARS = 1_000;

/** Frequent words of three or more letters (pt, es, en, tr) that a search would not narrow by. */
const STOP_WORDS = new Set(
  (
    'que para com uma por nao mais como mas dos das nos nas foi ser tem sim sem seu sua meu minha ele ela voce vou esta isso este essa esse pelo pela ate ja entao tambem ' +
    'los las del una con por mas pero esta este eso muy the and for you are with this that not have was but bir ile icin cok ama gibi'
  ).split(' '),
);

/** Lower case without accents (NFD marks dropped). */
export const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The folded words of a text: letters and digits, split at everything else. */
export const wordsOf = (text: string): string[] => fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

const indexable = (w: string) => w.length >= MIN_WORD && !STOP_WORDS.has(w);

/** The prefixes a word is indexed under, shortest first (the last one is its marker). */
export function prefixesOf(word: string, min = MIN_WORD): string[] {
  const out: string[] = [];
  for (let n = min; n <= Math.min(word.length, MAX_PREFIX); n++) out.push(word.slice(0, n));
  return out;
}

export const markerOf = (word: string): string => word.slice(0, MAX_PREFIX);

/** The distinct indexable words of a message (capped), each to be written as prefixesOf(word). */
export function messageWords(body: string): string[] {
  const words = new Set<string>();
  for (const w of wordsOf(body.slice(0, MAX_TEXT_CHARS))) {
    if (!indexable(w)) continue;
    // Two words sharing their first MAX_PREFIX characters are the same entries.
    words.add(markerOf(w));
    if (words.size >= MAX_WORDS_PER_MESSAGE) break;
  }
  return [...words];
}

/** A number's digits, and without its country code (55 11 98765 4321 → 11 98765 4321) when it has one. */
function numberForms(number: string): string[] {
  const digits = number.replace(/\D/g, '');
  if (digits.length < MIN_DIGITS) return [];
  return digits.length >= 12 ? [digits, digits.slice(2)] : [digits];
}

/** A contact's words as groups of prefixes (each group's last prefix is its marker): name words from MIN_WORD, number forms from MIN_DIGITS. */
export function contactWords(c: { name: string; number: string }): string[][] {
  const groups = new Map<string, string[]>();
  for (const w of wordsOf(c.name)) if (indexable(w)) groups.set(markerOf(w), prefixesOf(markerOf(w)));
  for (const digits of numberForms(c.number)) groups.set(markerOf(digits), prefixesOf(markerOf(digits), MIN_DIGITS));
  return [...groups.values()];
}

/** Whether a query term still matches the contact as it is now (name entries outlive a rename). */
export function contactMatches(c: { name: string; number: string }, term: QueryTerm): boolean {
  if (wordsOf(c.name).some((w) => w.startsWith(term.word))) return true;
  return /^\d+$/.test(term.word) && numberForms(c.number).some((d) => d.startsWith(term.word));
}

/** One word of a search: what is looked up (`token`) and what it must start with (`word`). */
export type QueryTerm = { word: string; token: string };

/**
 * The terms of a search text: its indexable words (AND). Shorter words and stop-words are left
 * out; a search with none lists nothing (the search tab, like the contact search, starts at three
 * characters).
 */
export function queryTerms(search: string): QueryTerm[] {
  const terms = new Map<string, QueryTerm>();
  for (const w of wordsOf(search)) {
    if (!indexable(w)) continue;
    const token = markerOf(w);
    const prev = terms.get(token);
    if (!prev || w.length > prev.word.length) terms.set(token, { word: w, token });
  }
  return [...terms.values()];
}
