/** Every localStorage key the SPA uses, named once. Access never throws (private mode, tests). */
export const STORAGE_KEYS = {
  token: 'token',
  companyId: 'companyId',
  userId: 'userId',
  language: 'language',
  drawerOpen: 'drawerOpen',
  colorMode: 'colorMode',
  volume: 'volume',
  cshow: 'cshow',
  mainColor: 'mainColor',
  /** Spec 2 §4 auto-behaviour of the connections page (also `?auto=1`). */
  auto: 'auto',
  /** The tickets screen's 'Todos' switch, per user id. */
  showAll: 'ticketsShowAll',
  /** The emoji picker's recently used emojis. */
  recentEmojis: 'recentEmojis',
  /** The kanban board's settings (hidden lanes, compact cards). */
  kanbanPrefs: 'kanbanPrefs',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function store(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(key: StorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    /* quota or private mode: the preference is simply not kept */
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    /* ignore */
  }
}

export function clearStorage(): void {
  try {
    store()?.clear();
  } catch {
    /* ignore */
  }
}
