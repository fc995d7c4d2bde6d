/** The emojis this browser picked last (most recent first), for the picker's first row. */
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';

const MAX = 24;

export function recentEmojis(): string[] {
  try {
    const v = JSON.parse(readStorage(STORAGE_KEYS.recentEmojis) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, MAX) : [];
  } catch {
    return [];
  }
}

export function rememberEmoji(unicode: string): void {
  writeStorage(STORAGE_KEYS.recentEmojis, JSON.stringify([unicode, ...recentEmojis().filter((x) => x !== unicode)].slice(0, MAX)));
}
