/** Pure edits of the cached connections list, shared by mutations and live events. */
import type { Connection } from './connection';

/** Merges what arrived (a socket event carries no token: the cached one is kept). */
export function upsertConnection(list: Connection[] | undefined, c: Partial<Connection> & { id: number }): Connection[] | undefined {
  if (!list) return list;
  const i = list.findIndex((x) => x.id === c.id);
  if (i < 0) return isComplete(c) ? [...list, c].sort((a, b) => a.id - b.id) : list;
  const next = [...list];
  next[i] = { ...list[i]!, ...c };
  // Only one default: the server moved it, the others follow.
  return c.isDefault ? next.map((x) => (x.id !== c.id && x.isDefault ? { ...x, isDefault: false } : x)) : next;
}

export function removeConnection(list: Connection[] | undefined, id: number): Connection[] | undefined {
  return list?.filter((x) => x.id !== id);
}

function isComplete(c: Partial<Connection>): c is Connection {
  return typeof c.name === 'string' && typeof c.status === 'string' && typeof c.channel === 'string';
}
