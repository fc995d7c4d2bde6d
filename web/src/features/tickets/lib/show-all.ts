/**
 * The 'Todos' switch, remembered per user on this browser; the first time it is on for admins, who
 * see every ticket (spec 1 §6), and off for others.
 */
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

type Saved = Record<string, boolean>;

function saved(): Saved {
  try {
    const v = JSON.parse(readStorage(STORAGE_KEYS.showAll) ?? '{}') as unknown;
    return v && typeof v === 'object' ? (v as Saved) : {};
  } catch {
    return {};
  }
}

export function initialShowAll(userId: number, admin: boolean): boolean {
  return saved()[String(userId)] ?? admin;
}

export function rememberShowAll(userId: number, on: boolean): void {
  writeStorage(STORAGE_KEYS.showAll, JSON.stringify({ ...saved(), [String(userId)]: on }));
}
