/**
 * Pure edits of the cached ticket lists, shared by mutations and realtime events (spec 1 §2, §4):
 * an update inserts, moves or removes the ticket by what each list shows; a delete or a
 * removeFromList takes it out; updateUnread clears its badge.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { TicketCounts, TicketsPage, TicketView } from '@conversa/shared/schemas/tickets';
import { inOwnLists } from '@conversa/shared/ticket-visibility';
import type { TicketListParams } from '../../../lib/get-tickets';

export type TicketPages = InfiniteData<TicketsPage, unknown>;
/** A ticket laid over the cached one: the server's TicketView (an answer, an event), or part of one (what is missing is kept). */
export type IncomingTicket = Partial<TicketView> & Pick<TicketView, 'id'>;
/** Whose lists these are: the user and their queues. */
export type ListViewer = { id: number; queueIds: readonly number[] };

/**
 * Whether a ticket belongs in a list: true / false, or undefined for the search tab, whose text
 * and tag match only the server can tell (there a ticket is updated in place, never inserted).
 * Without show-all a list holds the user's own tickets and the unassigned ones of their queues
 * (inOwnLists, as the server's list); what the user may not see at all never reaches them.
 */
export function belongsTo(t: Pick<TicketView, 'status' | 'isGroup' | 'queueId' | 'userId'>, p: TicketListParams, v: ListViewer): boolean | undefined {
  if (p.status === undefined) return undefined;
  if (t.status !== p.status) return false;
  if (p.isGroup !== undefined && t.isGroup !== p.isGroup) return false;
  if (p.queueIds?.length && t.queueId !== null && !p.queueIds.includes(t.queueId)) return false;
  if (p.users?.length && (t.userId === null || !p.users.includes(t.userId))) return false;
  if (!p.showAll && !inOwnLists({ userId: v.id, queueIds: v.queueIds }, t)) return false;
  return true;
}

/** The badge key of a list in `counts` (open and group tabs only). */
export function countKey(p: TicketListParams): keyof TicketCounts | undefined {
  if (p.searchParam !== undefined || p.tags?.length || p.users?.length) return undefined;
  if (p.status === 'open') return p.isGroup ? 'groupOpen' : 'open';
  if (p.status === 'pending') return p.isGroup ? 'groupPending' : 'pending';
  return undefined;
}

const isComplete = (t: IncomingTicket): t is TicketView =>
  typeof t.uuid === 'string' && typeof t.status === 'string' && !!t.contact && typeof t.contact.name === 'string' && Array.isArray(t.tags);

/**
 * The cached ticket with what arrived laid over it. `stale` says a joined object no longer matches
 * its id (a transfer event without the queue's name): shown without it until the list is read again.
 */
export function mergeTicket(old: TicketView, inc: IncomingTicket): { ticket: TicketView; stale: boolean } {
  const defined = Object.fromEntries(Object.entries(inc).filter(([, v]) => v !== undefined)) as Partial<TicketView>;
  const t: TicketView = { ...old, ...defined, contact: inc.contact ? { ...old.contact, ...inc.contact } : old.contact };
  let stale = false;
  if (inc.queue === undefined && t.queueId !== (old.queue?.id ?? null)) {
    t.queue = null;
    stale = t.queueId !== null;
  }
  if (inc.user === undefined && t.userId !== (old.user?.id ?? null)) {
    t.user = null;
    stale ||= t.userId !== null;
  }
  if (inc.whatsapp === undefined && t.whatsappId !== (old.whatsapp?.id ?? t.whatsappId)) {
    t.whatsapp = null;
    stale = true;
  }
  return { ticket: t, stale };
}

export function findTicket(data: TicketPages | undefined, id: number): TicketView | undefined {
  for (const page of data?.pages ?? []) {
    const t = page.tickets.find((x) => x.id === id);
    if (t) return t;
  }
  return undefined;
}

/** A list's count moves with the tickets that enter or leave it (`count`, and its own badge in `counts`). */
function withCount(page: TicketsPage, delta: number, key: keyof TicketCounts | undefined): TicketsPage {
  if (delta === 0) return page;
  const next = { ...page };
  if (page.count !== undefined) next.count = Math.max(0, page.count + delta);
  if (page.counts && key) next.counts = { ...page.counts, [key]: Math.max(0, page.counts[key] + delta) };
  return next;
}

function without(data: TicketPages, id: number): TicketPages {
  return { ...data, pages: data.pages.map((p) => (p.tickets.some((t) => t.id === id) ? { ...p, tickets: p.tickets.filter((t) => t.id !== id) } : p)) };
}

function replaceInPlace(data: TicketPages, t: TicketView): TicketPages {
  return { ...data, pages: data.pages.map((p) => (p.tickets.some((x) => x.id === t.id) ? { ...p, tickets: p.tickets.map((x) => (x.id === t.id ? t : x)) } : p)) };
}

export type ApplyResult = { data: TicketPages | undefined; stale: boolean };

/** An update (or a new message that bumps the ticket) applied to one list. */
export function applyTicket(data: TicketPages | undefined, inc: IncomingTicket, params: TicketListParams, viewer: ListViewer): ApplyResult {
  if (!data || data.pages.length === 0) return { data, stale: false };
  const old = findTicket(data, inc.id);
  let ticket: TicketView | undefined;
  let stale = false;
  if (old) ({ ticket, stale } = mergeTicket(old, inc));
  else if (isComplete(inc)) ticket = inc;

  const probe = ticket ?? inc;
  if (probe.status === undefined || probe.isGroup === undefined || probe.queueId === undefined || probe.userId === undefined) return { data, stale: !old };
  const member = belongsTo(probe as TicketView, params, viewer);
  const key = countKey(params);

  if (member === undefined) return { data: old && ticket ? replaceInPlace(data, ticket) : data, stale };
  if (!member) {
    if (!old) return { data, stale: false };
    const next = without(data, inc.id);
    return { data: { ...next, pages: next.pages.map((p, i) => (i === 0 ? withCount(p, -1, key) : p)) }, stale: false };
  }
  if (!ticket) return { data, stale: true }; // it belongs here but the event cannot draw its row
  // A new message moves the row to the top; other changes (tags, unread) keep its place.
  if (old && old.lastMessageAt === ticket.lastMessageAt) return { data: replaceInPlace(data, ticket), stale };
  const rest = without(data, ticket.id);
  const [first, ...others] = rest.pages;
  const top = withCount({ ...first!, tickets: [ticket, ...first!.tickets] }, old ? 0 : 1, key);
  return { data: { ...rest, pages: [top, ...others] }, stale };
}

/** delete / removeFromList (`params`: the list's, for its badge). */
export function removeTicket(data: TicketPages | undefined, id: number, params: TicketListParams = {}): TicketPages | undefined {
  if (!data || !findTicket(data, id)) return data;
  const next = without(data, id);
  return { ...next, pages: next.pages.map((p, i) => (i === 0 ? withCount(p, -1, countKey(params)) : p)) };
}

/** updateUnread: the ticket was read, its badge goes. */
export function clearUnread(data: TicketPages | undefined, id: number): TicketPages | undefined {
  const t = findTicket(data, id);
  if (!data || !t || t.unreadMessages === 0) return data;
  return replaceInPlace(data, { ...t, unreadMessages: 0 });
}

/** Every loaded ticket of a list, pages flattened. */
export function allTickets(data: TicketPages | undefined): TicketView[] {
  return data?.pages.flatMap((p) => p.tickets) ?? [];
}

/**
 * The badge of a sub-tab: the server's counter (`counts`, with the first page) or `count` when it
 * sends one, else what is loaded ('20+' while more pages remain). Undefined before the list loads.
 */
export function badgeCount(data: TicketPages | undefined, key?: keyof TicketCounts): string | undefined {
  if (!data || data.pages.length === 0) return undefined;
  const first = data.pages[0]!;
  const n = key && first.counts ? first.counts[key] : first.count;
  if (typeof n === 'number') return n > 99 ? '99+' : String(n);
  const loaded = allTickets(data).length;
  const more = data.pages[data.pages.length - 1]!.hasMore;
  return more ? `${loaded}+` : String(loaded);
}

/** Unread conversations among the lists (the document title shows it). */
export function unreadConversations(lists: readonly (TicketPages | undefined)[]): number {
  const ids = new Set<number>();
  for (const l of lists) for (const t of allTickets(l)) if (t.unreadMessages > 0 && t.status !== 'closed') ids.add(t.id);
  return ids.size;
}
