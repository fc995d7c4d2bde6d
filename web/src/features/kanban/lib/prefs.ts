/**
 * The board's settings (the gear's modal), kept in this browser: lanes hidden from the board and
 * compact cards (ticket and contact number on one line, no last message).
 */
import { z } from 'zod';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

export const KanbanPrefs = z.object({
  hiddenLanes: z.array(z.number().int()).max(500).catch([]),
  compact: z.boolean().catch(false),
});
export type KanbanPrefs = z.infer<typeof KanbanPrefs>;

export const DEFAULT_PREFS: KanbanPrefs = { hiddenLanes: [], compact: false };

export function parsePrefs(raw: string | null): KanbanPrefs {
  if (!raw) return DEFAULT_PREFS;
  try {
    const parsed = KanbanPrefs.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_PREFS;
  } catch {
    return DEFAULT_PREFS;
  }
}

export const readPrefs = (): KanbanPrefs => parsePrefs(readStorage(STORAGE_KEYS.kanbanPrefs));
export const writePrefs = (p: KanbanPrefs): void => writeStorage(STORAGE_KEYS.kanbanPrefs, JSON.stringify(p));
