/**
 * GET /tickets (spec 1 §2 "Tickets screen", §7): the status lists of GSI3 (keys only, newest
 * first; groups in lists of their own), merged when a tab spans several lists, the tickets read
 * with one BatchGet per round and filtered by visibility and by the screen's filters.
 *
 * Paging: every list is read in descending GSI3SK order and merged, so one key — the last one
 * consumed — is the cursor of all of them. Visibility and the queue and user filters are decided
 * on the list entries (they project the ticket's queue and user), so the tickets they drop are
 * never read. Filters that no index serves (search text, tags, unread, creation day) read further
 * tickets, and all filters further keys, until the page is full, the lists end,
 * or MAX_KEYS_PER_CALL keys were read; then the page comes back short with hasMore and the cursor,
 * and the next call goes on from there. No Scan.
 */
import { PAGE_SIZE } from '@conversa/shared/constants';
import type { SettingKey } from '@conversa/shared/settings';
import { inOwnLists, maySee, mayShowAll, type VisibilitySettings, type VisibleTicket } from '@conversa/shared/ticket-visibility';
import { TICKET_STATUSES, type ListTicketsQuery, type TicketCounts, type TicketsPage, type TicketStatusName } from '@conversa/shared/schemas/tickets';
import { dayBounds, localDay } from '../../adapters/db/day-stats';
import { recentSettings } from '../../adapters/db/settings';
import { getTickets, listCounters, statusKeys, statusPartition, type StatusKey, type Ticket, type TicketCounter } from '../../adapters/db/tickets';
import { ahead } from '../../lib/ahead';
import { AppError } from '../../lib/app-error';
import { searchMatches, searchRoster, searchTickets, type Matches, type RosterWindow } from '../search/search-tickets';
import { queryTerms } from '../search/tokens';
import type { AuthContext } from '../auth/authenticate';
import { firstShare } from './page-share';
import { toTicketViews, viewerOf } from './ticket-view';

const MAX_KEYS_PER_CALL = 500;
const MAX_KEYS_PER_ROUND = 200;
const SK_SHAPE = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z#\d{10}$/;

/** `first`: the lane's first read, started with the page's other first reads (firstReads). */
type Lane = { pk: string; status: TicketStatusName; isGroup: boolean; before?: string; buf: StatusKey[]; more: boolean; first?: Promise<{ keys: StatusKey[]; more: boolean }> };

/**
 * A list cursor (`sk`: the last status-list key consumed) or a search cursor (`sid`: below this
 * ticket id; `d`: the words' densities, tickets per ticket id); `k` in both: the share of keys or
 * candidates the filters kept so far, so the next page sizes its first round.
 */
type ListCursor = { sk: string; k?: number };
type SearchCursor = { sid: number; k?: number; d?: number[] };
function encodeCursor(c: ListCursor | SearchCursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}
/** A density as carried in a cursor: two significant digits. */
const densityOf = (d: number) => Number(d.toPrecision(2));
/** A share as carried in a cursor: two decimals, never below 0.02 (`undefined` when nothing filters). */
const shareOf = (share: number | undefined) => (share === undefined ? undefined : Math.max(Math.round(share * 100) / 100, 0.02));
function decodeCursor(cursor: string | undefined, kind: 'sk'): ListCursor | undefined;
function decodeCursor(cursor: string | undefined, kind: 'sid'): SearchCursor | undefined;
function decodeCursor(cursor: string | undefined, kind: 'sk' | 'sid'): ListCursor | SearchCursor | undefined {
  if (!cursor) return undefined;
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { sk?: unknown; k?: unknown; sid?: unknown; d?: unknown };
    const k = typeof c.k === 'number' && c.k > 0 && c.k <= 1 ? { k: c.k } : {};
    if (kind === 'sk' && typeof c.sk === 'string' && SK_SHAPE.test(c.sk)) return { sk: c.sk, ...k };
    // Densities are hints: a malformed list is ignored (the page learns them again).
    const d = Array.isArray(c.d) && c.d.length <= 64 && c.d.every((x) => typeof x === 'number' && x > 0 && x <= 1) ? { d: c.d as number[] } : {};
    if (kind === 'sid' && Number.isSafeInteger(c.sid) && (c.sid as number) > 0) return { sid: c.sid as number, ...k, ...d };
  } catch {
    /* falls through */
  }
  throw new AppError('ERR_VALIDATION', [{ path: 'query.cursor', message: 'invalid cursor' }]);
}

/** Filters that no index serves: pages read more keys (or search entries) than they list. */
const filteredBy = (q: ListTicketsQuery) => Boolean(q.tags?.length || q.users?.length || q.queueIds?.length || q.withUnreadMessages || q.date || q.updatedAt);

/** Whether a search page's candidates may be dropped: the caller does not see all, or the query filters (statuses and groups included). */
const searchFiltered = (q: ListTicketsQuery, seesAll: boolean) => !seesAll || filteredBy(q) || Boolean(q.status || q.isGroup !== undefined);

/** Whether the page is the search tab's (a text to search) rather than a status list's. */
const isSearch = (q: ListTicketsQuery) => Boolean(q.searchParam?.trim());

/** The statuses a search page lists: the one asked for, or all. */
const searchStatuses = (q: ListTicketsQuery): readonly TicketStatusName[] => (q.status ? [q.status] : TICKET_STATUSES);

/** Who the list shows: the visibility rule, narrowed to the caller's queues and own tickets unless show-all applies. */
export function listPredicate(auth: AuthContext, s: VisibilitySettings, showAllAsked: boolean) {
  const viewer = viewerOf(auth);
  const showAll = showAllAsked && mayShowAll(auth.user, s);
  return (t: Pick<Ticket, 'userId' | 'queueId' | 'isGroup'>) => maySee(viewer, t, s) && (showAll || inOwnLists(viewer, t));
}

/** The status lists a page reads, below the cursor and within the `updatedAt` day; `from`: the range's low end. */
function lanesFor(cid: number, q: ListTicketsQuery): { lanes: Lane[]; from?: string } {
  // updatedAt narrows the key range (GSI3SK starts with when the ticket last moved, ≤ 1 min before updatedAt).
  const from = q.updatedAt ? new Date(Date.parse(dayBounds(q.updatedAt).start) - 60_000).toISOString() : undefined;
  const cursor = decodeCursor(q.cursor, 'sk')?.sk;
  const upper = q.updatedAt ? dayBounds(q.updatedAt).end : undefined;
  const before = cursor && upper ? (cursor < upper ? cursor : upper) : (cursor ?? upper);
  const statuses: TicketStatusName[] = q.status ? [q.status] : ['open', 'pending', 'closed'];
  const lanes = statuses.flatMap((status) => {
    // The open and pending tabs list individual chats; groups have the group tab (isGroup=true).
    const groups = q.isGroup !== undefined ? [q.isGroup] : status === 'closed' || !q.status ? [false, true] : [false];
    return groups.map((isGroup): Lane => ({ pk: statusPartition(cid, status, isGroup), status, isGroup, before, buf: [], more: true }));
  });
  return { lanes, from };
}

/**
 * Keys a round of the lists reads: what the page still needs divided by the share of keys kept
 * (10% more once a share is known), within the call's and the round's bounds.
 */
const roundKeys = (need: number, share: number, known: boolean, left: number) => Math.min(MAX_KEYS_PER_ROUND, left, Math.ceil((need / share) * (known ? 1.1 : 1)));

/**
 * The reads a page starts with that need only the company and the query: the settings, the tab
 * counters (a list's first page; a search shows no badges), and the first keys of the status lists
 * or the first blocks of the search words. GET /tickets starts them beside the read of the caller
 * (http/endpoint.ts `early`), so a page waits for one round trip less. Undefined when the cursor is invalid (listTickets then answers the error).
 */
export type FirstReads = { cid: number; settings: Promise<Record<SettingKey, string>>; counters?: Promise<TicketCounter[]>; lanes?: { lanes: Lane[]; from?: string }; matches?: Matches; roster?: RosterWindow };

export function firstReads(cid: number, q: ListTicketsQuery): FirstReads | undefined {
  try {
    const limit = q.limit ?? PAGE_SIZE;
    const base = { cid, settings: ahead(recentSettings(cid)), ...(q.cursor || isSearch(q) ? {} : { counters: ahead(listCounters(cid)) }) };
    if (isSearch(q)) {
      const terms = queryTerms(q.searchParam!);
      if (!terms.length) return base;
      const at = decodeCursor(q.cursor, 'sid');
      // Whether the caller sees all is not known yet: show-all asked is taken as granted (an admin's).
      const filtered = searchFiltered(q, Boolean(q.showAll));
      const page = { below: at?.sid, share: at?.k, densities: at?.d?.length === terms.length ? at.d : undefined, limit, filtered };
      return { ...base, matches: searchMatches(cid, terms, page), roster: searchRoster(cid, searchStatuses(q), page) };
    }
    const at = decodeCursor(q.cursor, 'sk');
    const lanes = lanesFor(cid, q);
    const want = roundKeys(limit, firstShare(filteredBy(q), at?.k), Boolean(at?.k), MAX_KEYS_PER_CALL);
    for (const l of lanes.lanes) l.first = ahead(statusKeys(l.pk, { before: l.before, from: lanes.from, limit: Math.max(want, limit) }));
    return { ...base, lanes };
  } catch {
    return undefined;
  }
}

/** `first`: the page's first reads, if started already (for this company and query). */
export async function listTickets(auth: AuthContext, q: ListTicketsQuery, first?: FirstReads): Promise<TicketsPage & { counts?: TicketCounts }> {
  const cid = auth.companyId;
  const limit = q.limit ?? PAGE_SIZE;
  // Settings as read by this container up to two seconds ago (a change made here is seen at once),
  // asked for alongside the first keys; the tab counters too, on a first page.
  const start = first?.cid === cid ? first : firstReads(cid, q);
  const settingsRead = start?.settings ?? recentSettings(cid);
  const counters = start?.counters;
  const countsRead = counters ? ahead(settingsRead.then(async (s) => tabCounts(await counters, listPredicate(auth, s, q.showAll ?? false)))) : undefined;
  const users = auth.user.profile === 'user' && !auth.user.super && q.users?.length ? [auth.userId] : q.users;
  // What a status list's entry already tells (its queue and user): visibility, users, queues.
  const byKey = (visible: (t: VisibleTicket) => boolean) => (t: VisibleTicket) =>
    visible(t) && (!users?.length || (t.userId !== null && users.includes(t.userId))) && (!q.queueIds?.length || (t.queueId !== null && q.queueIds.includes(t.queueId)));
  const filters = (visible: (t: VisibleTicket) => boolean) => (t: Ticket) =>
    byKey(visible)(t) &&
    (!q.tags?.length || (t.tagIds ?? []).some((id) => q.tags!.includes(id))) &&
    (!q.withUnreadMessages || t.unreadMessages > 0) &&
    (!q.date || localDay(t.createdAt).day === q.date) &&
    (!q.updatedAt || localDay(t.updatedAt).day === q.updatedAt);

  const predicates = settingsRead.then((s) => {
    const visible = listPredicate(auth, s, q.showAll ?? false);
    return { keep: filters(visible), keepKey: byKey(visible) };
  });
  const page = isSearch(q)
    ? await searchPage(cid, q, limit, predicates, Boolean(q.showAll) && (auth.user.super || auth.user.profile === 'admin'), start)
    : await listPage(cid, q, limit, predicates, start?.lanes);
  const counts = await countsRead;
  return { ...page, ...(counts ? { counts } : {}) };
}

/** The search tab's text search: the tickets search index, newest ticket first (domain/search). */
async function searchPage(cid: number, q: ListTicketsQuery, limit: number, keepRead: Promise<{ keep: (t: Ticket) => boolean; keepKey: (t: VisibleTicket) => boolean }>, seesAll: boolean, started?: FirstReads): Promise<TicketsPage> {
  const at = decodeCursor(q.cursor, 'sid');
  const { keep, keepKey } = await keepRead;
  const statuses = searchStatuses(q);
  // As in the lists: the open and pending tabs hold individual chats, groups have the group tab.
  const group = (t: Pick<Ticket, 'isGroup' | 'status'>) => (q.isGroup !== undefined ? t.isGroup === q.isGroup : !q.status || q.status === 'closed' || !t.isGroup);
  const filtered = searchFiltered(q, seesAll);
  const terms = queryTerms(q.searchParam!);
  const found = await searchTickets(cid, terms, {
    below: at?.sid,
    share: at?.k,
    densities: at?.d?.length === terms.length ? at.d : undefined,
    limit,
    keep: (t) => statuses.includes(t.status) && group(t) && keep(t),
    keepEntry: (r) => statuses.includes(r.status) && group(r) && keepKey(r),
    statuses,
    filtered,
    matches: started?.matches,
    roster: started?.roster,
  });
  const k = filtered ? shareOf(found.share) : undefined;
  return { tickets: await toTicketViews(found.tickets, found.contacts), hasMore: found.hasMore, ...(found.cursor !== undefined ? { cursor: encodeCursor({ sid: found.cursor, ...(k ? { k } : {}), ...(found.densities ? { d: found.densities.map(densityOf) } : {}) }) } : {}) };
}

/**
 * A page of the status lists. A round reads as many keys as the page still needs divided by the
 * share of keys kept so far (the filters' selectivity as observed, carried in the cursor to the
 * next page), so a filter that keeps one ticket in four reads about four pages of keys in one
 * round instead of doubling round by round.
 */
async function listPage(cid: number, q: ListTicketsQuery, limit: number, keepRead: Promise<{ keep: (t: Ticket) => boolean; keepKey: (t: VisibleTicket) => boolean }>, started?: { lanes: Lane[]; from?: string }): Promise<TicketsPage> {
  const at = decodeCursor(q.cursor, 'sk');
  const { lanes, from } = started ?? lanesFor(cid, q);
  const filtered = filteredBy(q);

  const page: Ticket[] = [];
  let last: string | undefined;
  let leftover = false;
  let read = 0;
  /** Keys looked at before the page filled (the share kept is kept / considered). */
  let considered = 0;
  let kept = 0;
  while (page.length < limit && read < MAX_KEYS_PER_CALL) {
    const share = considered ? Math.max(kept / considered, 0.02) : firstShare(filtered, at?.k);
    const want = roundKeys(limit - page.length, share, Boolean(read || at?.k), MAX_KEYS_PER_CALL - read);
    const candidates: (StatusKey & { lane: Lane })[] = [];
    while (candidates.length < want) {
      const empty = lanes.filter((l) => !l.buf.length && l.more);
      await Promise.all(
        empty.map(async (l) => {
          const got = await (l.first ?? statusKeys(l.pk, { before: l.before, from, limit: Math.max(want - candidates.length, limit) }));
          l.first = undefined;
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
    // Entries whose projected queue and user already fail the filters are not read (an entry
    // without them, indexed before the projection, is read and decided by its ticket).
    const { keep, keepKey } = await keepRead;
    const wanted = candidates.map((c) => c.queueId === undefined || c.userId === undefined || keepKey({ queueId: c.queueId, userId: c.userId, isGroup: c.lane.isGroup }));
    const tickets = await getTickets(cid, candidates.filter((_, i) => wanted[i]).map((c) => c.id));
    const byId = new Map(tickets.map((t) => [t.id, t]));
    for (let i = 0; i < candidates.length; i++) {
      const c = candidates[i]!;
      const t = wanted[i] ? byId.get(c.id) : undefined;
      last = c.sk;
      considered++;
      if (t && t.status === c.lane.status && t.isGroup === c.lane.isGroup && keep(t)) {
        page.push(t);
        kept++;
      }
      if (page.length >= limit) {
        leftover = i < candidates.length - 1;
        break;
      }
    }
  }
  const hasMore = leftover || lanes.some((l) => l.buf.length || l.more);
  const k = filtered && considered ? shareOf(kept / considered) : undefined;
  return { tickets: await toTicketViews(page), hasMore, ...(hasMore && last ? { cursor: encodeCursor({ sk: last, ...(k ? { k } : {}) }) } : {}) };
}

/** The badges of the open and group tabs from the tab counters (one Query of small items, listCounters). */
export function tabCounts(counters: TicketCounter[], visible: (t: Pick<Ticket, 'userId' | 'queueId' | 'isGroup'>) => boolean): TicketCounts {
  const counts: TicketCounts = { open: 0, pending: 0, groupOpen: 0, groupPending: 0 };
  for (const c of counters) {
    if (!visible(c)) continue;
    if (c.status === 'open') counts[c.isGroup ? 'groupOpen' : 'open'] += c.n;
    if (c.status === 'pending') counts[c.isGroup ? 'groupPending' : 'pending'] += c.n;
  }
  return counts;
}
