/**
 * GET /tickets (spec 1 §2 "Tickets screen", §7): the status lists of GSI3 (keys only, newest
 * first; groups in lists of their own), merged when a tab spans several lists, the tickets read
 * with one BatchGet per round and filtered by visibility and by the screen's filters.
 *
 * Paging: every list is read in descending GSI3SK order and merged, so one key — the last one
 * consumed — is the cursor of all of them. Filters that no index serves (search text, tags,
 * users, queues, unread, creation day) read further keys until the page is full, the lists end,
 * or MAX_KEYS_PER_CALL keys were read; then the page comes back short with hasMore and the cursor,
 * and the next call goes on from there. No Scan.
 */
import { can } from '@conversa/shared/roles';
import { PAGE_SIZE } from '@conversa/shared/constants';
import type { ListTicketsQuery, TicketCounts, TicketsPage, TicketStatusName } from '@conversa/shared/schemas/tickets';
import { localDay } from '../../adapters/db/day-stats';
import { getSettings } from '../../adapters/db/settings';
import { getTickets, listCounters, statusKeys, statusPartition, type Ticket } from '../../adapters/db/tickets';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { toTicketViews, viewerOf } from './ticket-view';
import { maySee, type VisibilitySettings } from './visibility';

const MAX_KEYS_PER_CALL = 500;
const SK_SHAPE = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z#\d{10}$/;

type Lane = { pk: string; status: TicketStatusName; isGroup: boolean; before?: string; buf: { sk: string; id: number }[]; more: boolean };

function encodeCursor(sk: string): string {
  return Buffer.from(JSON.stringify({ sk })).toString('base64url');
}
function decodeCursor(cursor: string | undefined): string | undefined {
  if (!cursor) return undefined;
  try {
    const sk = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { sk?: unknown }).sk;
    if (typeof sk === 'string' && SK_SHAPE.test(sk)) return sk;
  } catch {
    /* falls through */
  }
  throw new AppError('ERR_VALIDATION', [{ path: 'query.cursor', message: 'invalid cursor' }]);
}

/** The company day's bounds as ISO instants (America/Sao_Paulo, UTC−3 all year since 2019). */
const dayStart = (day: string) => new Date(`${day}T03:00:00.000Z`).toISOString();
const dayEnd = (day: string) => new Date(Date.parse(dayStart(day)) + 86_400_000).toISOString();

/** Who the list shows: the visibility rule, narrowed to the caller's queues and own tickets unless show-all applies. */
export function listPredicate(auth: AuthContext, s: VisibilitySettings, showAllAsked: boolean) {
  const viewer = viewerOf(auth);
  const showAll = showAllAsked && (can(auth.user, 'tickets:show-all') || s.allUserChat === 'enabled');
  return (t: Pick<Ticket, 'userId' | 'queueId' | 'isGroup'>) =>
    maySee(viewer, t, s) && (showAll || t.userId === viewer.userId || (t.userId === null && (t.queueId === null || viewer.queueIds.includes(t.queueId))));
}

function lanesFor(cid: number, q: ListTicketsQuery): Lane[] {
  const statuses: TicketStatusName[] = q.status ? [q.status] : ['open', 'pending', 'closed'];
  return statuses.flatMap((status) => {
    // The open and pending tabs list individual chats; groups have the group tab (isGroup=true).
    const groups = q.isGroup !== undefined ? [q.isGroup] : status === 'closed' || !q.status ? [false, true] : [false];
    return groups.map((isGroup) => ({ pk: statusPartition(cid, status, isGroup), status, isGroup, buf: [], more: true }));
  });
}

export async function listTickets(auth: AuthContext, q: ListTicketsQuery): Promise<TicketsPage & { counts?: TicketCounts }> {
  const cid = auth.companyId;
  const limit = q.limit ?? PAGE_SIZE;
  const settings = await getSettings(cid);
  const visible = listPredicate(auth, settings, q.showAll ?? false);
  const users = auth.user.profile === 'user' && !auth.user.super && q.users?.length ? [auth.userId] : q.users;
  const search = q.searchParam?.trim().toLowerCase();
  const keep = (t: Ticket, lane: Lane) =>
    t.status === lane.status &&
    t.isGroup === lane.isGroup &&
    visible(t) &&
    (!q.tags?.length || (t.tagIds ?? []).some((id) => q.tags!.includes(id))) &&
    (!users?.length || (t.userId !== null && users.includes(t.userId))) &&
    (!q.queueIds?.length || (t.queueId !== null && q.queueIds.includes(t.queueId))) &&
    (!q.withUnreadMessages || t.unreadMessages > 0) &&
    (!q.date || localDay(t.createdAt).day === q.date) &&
    (!q.updatedAt || localDay(t.updatedAt).day === q.updatedAt);

  // updatedAt narrows the key range (GSI3SK starts with when the ticket last moved, ≤ 1 min before updatedAt).
  const from = q.updatedAt ? new Date(Date.parse(dayStart(q.updatedAt)) - 60_000).toISOString() : undefined;
  const cursor = decodeCursor(q.cursor);
  const upper = q.updatedAt ? dayEnd(q.updatedAt) : undefined;
  const lanes = lanesFor(cid, q).map((l) => ({ ...l, before: cursor && upper ? (cursor < upper ? cursor : upper) : (cursor ?? upper) }));

  const page: Ticket[] = [];
  let last: string | undefined;
  let leftover = false;
  let read = 0;
  for (let round = 0; page.length < limit && read < MAX_KEYS_PER_CALL; round++) {
    const want = Math.min(100, (limit - page.length) * 2 ** round);
    const candidates: { sk: string; id: number; lane: Lane }[] = [];
    while (candidates.length < want) {
      const empty = lanes.filter((l) => !l.buf.length && l.more);
      await Promise.all(
        empty.map(async (l) => {
          const got = await statusKeys(l.pk, { before: l.before, from, limit: want });
          l.buf = got.keys;
          l.more = got.more;
          if (got.keys.length) l.before = got.keys[got.keys.length - 1]!.sk;
        }),
      );
      const ready = lanes.filter((l) => l.buf.length);
      if (!ready.length) break;
      const top = ready.reduce((a, b) => (a.buf[0]!.sk > b.buf[0]!.sk ? a : b));
      candidates.push({ ...top.buf.shift()!, lane: top });
    }
    if (!candidates.length) break;
    read += candidates.length;
    const byId = new Map((await getTickets(cid, candidates.map((c) => c.id))).map((t) => [t.id, t]));
    let kept = candidates.map((c) => ({ c, t: byId.get(c.id) })).filter((x) => x.t && keep(x.t, x.c.lane));
    if (search) {
      const views = new Map((await toTicketViews(kept.map((x) => x.t!))).map((v) => [v.id, v]));
      kept = kept.filter(({ t }) => {
        const v = views.get(t!.id)!;
        return v.contact.name.toLowerCase().includes(search) || v.contact.number.includes(search) || v.lastMessage.toLowerCase().includes(search);
      });
    }
    const keptIds = new Set(kept.map((x) => x.c.id));
    for (let i = 0; i < candidates.length; i++) {
      const c = candidates[i]!;
      last = c.sk;
      if (keptIds.has(c.id)) page.push(byId.get(c.id)!);
      if (page.length >= limit) {
        leftover = i < candidates.length - 1;
        break;
      }
    }
  }
  const hasMore = leftover || lanes.some((l) => l.buf.length || l.more);
  const counts = q.cursor ? undefined : await tabCounts(cid, listPredicate(auth, settings, q.showAll ?? false));
  return { tickets: await toTicketViews(page), hasMore, ...(hasMore && last ? { cursor: encodeCursor(last) } : {}), ...(counts ? { counts } : {}) };
}

/** The badges of the open and group tabs from the tab counters (one Query of small items). */
export async function tabCounts(cid: number, visible: (t: Pick<Ticket, 'userId' | 'queueId' | 'isGroup'>) => boolean): Promise<TicketCounts> {
  const counts: TicketCounts = { open: 0, pending: 0, groupOpen: 0, groupPending: 0 };
  for (const c of await listCounters(cid)) {
    if (!visible(c)) continue;
    if (c.status === 'open') counts[c.isGroup ? 'groupOpen' : 'open'] += c.n;
    if (c.status === 'pending') counts[c.isGroup ? 'groupPending' : 'pending'] += c.n;
  }
  return counts;
}
