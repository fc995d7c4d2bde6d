/**
 * The kanban board (spec 3 "Campaign kanban board", §3 "Kanban ticket", §7 GET /ticket/kanban):
 * 'Em aberto' (open and pending tickets without a lane) and one lane per lane tag, each a Query of
 * its membership partition (adapters/db/tags.ts), newest ticket first. Visibility and the queue
 * filter are decided on the membership items (they carry status, queue, user and group), so a
 * ticket the caller may not see is never read; the cards shown are one BatchGet. A board with
 * thousands of open tickets opens reading one page per lane.
 */
import { OPEN_LANE, type KanbanBoard, type KanbanCard, type KanbanLanePage, type TicketByTag } from '@conversa/shared/schemas/tags';
import { toKanbanCard } from '@conversa/shared/kanban';
import { maySee } from '@conversa/shared/ticket-visibility';
import { recentSettings } from '../../adapters/db/settings';
import { getTag, listTags, memberKey, membersPage, type Member } from '../../adapters/db/tags';
import { getTickets } from '../../adapters/db/tickets';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { toTicketViews, viewerOf } from './ticket-view';

export const KANBAN_PAGE = 20;
/** Membership items read at most per lane and call (a lane mostly of tickets the caller may not see comes back short, with its cursor). */
const MAX_READ = 400;

type LaneQuery = { queueIds?: number[]; cursor?: string; limit?: number };

const CURSOR = /^\d{1,13}$/;
function afterKey(cid: number, laneId: number, cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor || !CURSOR.test(cursor)) return undefined;
  return memberKey(cid, laneId, true, Number(cursor));
}

/** The members of one lane the caller may see, up to `limit`, and where the next page starts. */
async function visibleMembers(auth: AuthContext, laneId: number, q: LaneQuery): Promise<{ members: Member[]; hasMore: boolean; cursor?: string }> {
  const cid = auth.companyId;
  const limit = q.limit ?? KANBAN_PAGE;
  const settings = await recentSettings(cid);
  const viewer = viewerOf(auth);
  const queues = q.queueIds?.length ? new Set(q.queueIds) : undefined;
  const kept: Member[] = [];
  let after = afterKey(cid, laneId, q.cursor);
  let read = 0;
  let lastSeen: number | undefined;
  do {
    const page = await membersPage(cid, laneId, { activeOnly: true, limit: Math.min(MAX_READ - read, Math.max(limit - kept.length, 1) * 2 + 5), after });
    read += page.members.length;
    for (const m of page.members) {
      lastSeen = m.ticketId;
      if (!maySee(viewer, m, settings)) continue;
      if (queues && (m.queueId === null || !queues.has(m.queueId))) continue;
      kept.push(m);
      if (kept.length === limit) break;
    }
    after = page.last;
    if (kept.length === limit) {
      // Full: more may follow unless the partition ended exactly at the last one kept.
      const last = kept.at(-1)!.ticketId;
      const ended = !after && page.members.at(-1)?.ticketId === last;
      return { members: kept, hasMore: !ended, ...(ended ? {} : { cursor: String(last) }) };
    }
  } while (after && read < MAX_READ);
  return { members: kept, hasMore: !!after, ...(after && lastSeen !== undefined ? { cursor: String(lastSeen) } : {}) };
}

async function cardsOf(cid: number, members: Member[]): Promise<KanbanCard[]> {
  const tickets = (await getTickets(cid, members.map((m) => m.ticketId))).filter((t) => t.status !== 'closed');
  return (await toTicketViews(tickets)).map(toKanbanCard);
}

/** GET /ticket/kanban?laneId=: one page of one lane. */
export async function kanbanLane(auth: AuthContext, laneId: number, q: LaneQuery): Promise<KanbanLanePage> {
  const found = await visibleMembers(auth, laneId, q);
  const cards = await cardsOf(auth.companyId, found.members);
  return { laneId, cards, hasMore: found.hasMore, ...(found.cursor ? { cursor: found.cursor } : {}) };
}

/**
 * GET /ticket/kanban: the first page of 'Em aberto' and of every lane (the lanes in id order), and
 * `tickets`, every card of them (the spec's response field).
 */
export async function kanbanBoard(auth: AuthContext, q: Omit<LaneQuery, 'cursor'>): Promise<KanbanBoard> {
  const lanes = await listTags(auth.companyId, 1);
  const ids = [OPEN_LANE, ...lanes.map((l) => l.id)];
  const found = await Promise.all(ids.map((id) => visibleMembers(auth, id, q)));
  const all = found.flatMap((f) => f.members);
  const cards = new Map((await cardsOf(auth.companyId, all)).map((c) => [c.id, c]));
  const pages: KanbanLanePage[] = ids.map((laneId, i) => ({
    laneId,
    cards: found[i]!.members.flatMap((m) => cards.get(m.ticketId) ?? []),
    hasMore: found[i]!.hasMore,
    ...(found[i]!.cursor ? { cursor: found[i]!.cursor } : {}),
  }));
  return { lanes: pages, tickets: pages.flatMap((p) => p.cards) };
}

/** Tickets by tag shows at most this many (the newest first: open and pending, then resolved). */
export const TICKETS_BY_TAG_MAX = 200;

/**
 * GET /api/ticket/ListByTagIsAuth/{tagId} (spec 3 "Tickets by tag"): the tickets carrying the tag
 * that the caller may see, with their contact's name, number and e-mail; an unknown tag is 404.
 */
export async function ticketsByTag(auth: AuthContext, tagId: number): Promise<{ tickets: TicketByTag[]; hasMore: boolean }> {
  const cid = auth.companyId;
  if (!(await getTag(cid, tagId))) throw new AppError('ERR_NO_TAG_FOUND');
  const settings = await recentSettings(cid);
  const viewer = viewerOf(auth);
  const kept: Member[] = [];
  let after: Record<string, unknown> | undefined;
  let read = 0;
  do {
    const page = await membersPage(cid, tagId, { activeOnly: false, limit: 250, after });
    read += page.members.length;
    kept.push(...page.members.filter((m) => maySee(viewer, m, settings)));
    after = page.last;
  } while (after && kept.length <= TICKETS_BY_TAG_MAX && read < 5 * TICKETS_BY_TAG_MAX);
  const shown = kept.slice(0, TICKETS_BY_TAG_MAX);
  const views = await toTicketViews(await getTickets(cid, shown.map((m) => m.ticketId)));
  return {
    tickets: views.map((v) => ({ id: v.id, uuid: v.uuid, status: v.status, contact: { id: v.contact.id, name: v.contact.name, number: v.contact.number, email: v.contact.email } })),
    hasMore: kept.length > TICKETS_BY_TAG_MAX || !!after,
  };
}
