/** The list tabs of spec 1 §2 and the GET /tickets query each one sends. */
import type { TicketListParams } from '../../../lib/get-tickets';

export type MainTab = 'open' | 'closed' | 'group' | 'search';
export type SubTab = 'assigned' | 'pending';

export type ListFilters = { showAll: boolean; queueIds: number[]; users: number[]; tags: number[]; search: string };

/**
 * The open and group tabs each have two lists: assigned ('Atendendo', status open) and pending
 * ('Aguardando'). Without show-all every list holds the user's own tickets and the unassigned ones
 * of their queues (the server's list rule).
 */
export function listParams(tab: MainTab, sub: SubTab, f: ListFilters): TicketListParams {
  const queueIds = f.queueIds.length ? [...f.queueIds].sort((a, b) => a - b) : undefined;
  switch (tab) {
    case 'open':
    case 'group':
      return {
        status: sub === 'assigned' ? 'open' : 'pending',
        isGroup: tab === 'group',
        showAll: f.showAll || undefined,
        queueIds,
      };
    case 'closed':
      return { status: 'closed', showAll: f.showAll || undefined, queueIds, users: f.users.length ? f.users : undefined };
    case 'search':
      return {
        searchParam: normaliseSearch(f.search) || undefined,
        tags: f.tags.length ? f.tags : undefined,
        users: f.users.length ? f.users : undefined,
        queueIds,
        showAll: f.showAll || undefined,
      };
  }
}

/** The search tab sends the text trimmed and lowercased (spec 1 §2). */
export function normaliseSearch(s: string): string {
  return s.trim().toLowerCase();
}
