/**
 * Why a ticket list is empty, said to the person looking at it (issue 18: a new agent saw an empty
 * inbox with no hint): the first reason that applies, as a key under `tickets.list.why`, and whether
 * to add how to get a first customer (admins, on the open tab).
 */
import { isAdmin } from '@conversa/shared/roles';
import { setting, type CompanySettings, type Viewer } from './access';
import type { ListFilters, MainTab, SubTab } from './list-params';

export type EmptyReason = { key: 'noQueues' | 'showAllOff' | 'pending' | 'assigned' | 'closed' | 'search'; connectHint: boolean };

export function emptyReason(v: Viewer, s: CompanySettings, tab: MainTab, sub: SubTab, f: Pick<ListFilters, 'showAll' | 'search'>, showAllOffered: boolean): EmptyReason {
  const admin = isAdmin(v);
  const connectHint = admin && tab === 'open';
  if (tab === 'search' && f.search.trim()) return { key: 'search', connectHint: false };
  const seesAll = f.showAll || setting(s, 'allUserChat') === 'enabled' || v.allUserChat;
  if (!admin && !seesAll && v.queueIds.length === 0 && setting(s, 'showTicketWithoutQueue') !== 'enabled') return { key: 'noQueues', connectHint: false };
  if (showAllOffered && !f.showAll && tab !== 'closed') return { key: 'showAllOff', connectHint };
  if (tab === 'closed') return { key: 'closed', connectHint: false };
  return { key: sub === 'pending' || tab === 'search' ? 'pending' : 'assigned', connectHint };
}
