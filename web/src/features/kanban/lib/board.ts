/**
 * The board's cached state and its pure edits (spec 3 "Campaign kanban board", §4 "Kanban move
 * between lanes"), shared by the move (optimistic, rolled back on error), the lanes' "load more"
 * and the live ticket events. Each lane keeps the server's order, newest ticket first, and a card
 * is in one lane at most.
 */
import { toKanbanCard } from '@conversa/shared/kanban';
import { foldText } from '@conversa/shared/text';
import type { KanbanBoard, KanbanCard, KanbanLanePage } from '@conversa/shared/schemas/tags';
import type { TicketView } from '@conversa/shared/schemas/tickets';

export type Board = { lanes: KanbanLanePage[] };

/** The server's answer as the cache keeps it (its flat `tickets` repeats the lanes' cards). */
export const toBoard = (b: KanbanBoard): Board => ({ lanes: b.lanes });

export const findCard = (board: Board | undefined, id: number): KanbanCard | undefined => {
  for (const lane of board?.lanes ?? []) {
    const card = lane.cards.find((c) => c.id === id);
    if (card) return card;
  }
  return undefined;
};

/** The board without the card, wherever it was (the same object when it was not there). */
export function removeCard(board: Board, id: number): Board {
  if (!findCard(board, id)) return board;
  return { lanes: board.lanes.map((l) => (l.cards.some((c) => c.id === id) ? { ...l, cards: l.cards.filter((c) => c.id !== id) } : l)) };
}

/** Newest ticket first, as GET /ticket/kanban pages them. */
const byNewest = (a: KanbanCard, b: KanbanCard) => b.id - a.id;

/**
 * The card in the lane its `laneId` names, out of any other. A lane the board does not hold yet (one
 * created after the board loaded) is added with the card and the rest of it still to load.
 */
export function placeCard(board: Board, card: KanbanCard): Board {
  const without = removeCard(board, card.id);
  if (!without.lanes.some((l) => l.laneId === card.laneId)) return { lanes: [...without.lanes, { laneId: card.laneId, cards: [card], hasMore: true }] };
  return { lanes: without.lanes.map((l) => (l.laneId === card.laneId ? { ...l, cards: [...l.cards, card].sort(byNewest) } : l)) };
}

/** A card dropped on a lane: the same card there (unchanged board when it is unknown). */
export function moveCard(board: Board, id: number, laneId: number): Board {
  const card = findCard(board, id);
  return card ? placeCard(board, { ...card, laneId }) : board;
}

/**
 * A lane's next page: its cards after the loaded ones, less any the board already holds (a card
 * moved or added live since); a lane the board did not hold yet (a lane created after the board
 * loaded) is added.
 */
export function appendPage(board: Board, page: KanbanLanePage): Board {
  const known = new Set(board.lanes.flatMap((l) => l.cards.map((c) => c.id)));
  const fresh = page.cards.filter((c) => !known.has(c.id));
  const next = { laneId: page.laneId, hasMore: page.hasMore, ...(page.cursor ? { cursor: page.cursor } : {}) };
  if (!board.lanes.some((l) => l.laneId === page.laneId)) return { lanes: [...board.lanes, { ...next, cards: fresh }] };
  return { lanes: board.lanes.map((l) => (l.laneId === page.laneId ? { ...next, cards: [...l.cards, ...fresh] } : l)) };
}

export type LiveOptions = {
  /** The queue filter (empty: every queue). */
  queueIds: readonly number[];
  /** Cards being moved by this user: their lane is the one dropped on until the server answers. */
  moving?: ReadonlyMap<number, number>;
};

/**
 * A ticket event (another user's move, a new message, a new ticket): the card follows its
 * `laneId`; a resolved ticket, or one outside the queue filter, leaves the board; a ticket the
 * board does not show yet (new, pending or open) comes in.
 */
export function applyTicket(board: Board, t: TicketView, opts: LiveOptions): Board {
  const outOfFilter = opts.queueIds.length > 0 && (t.queueId === null || !opts.queueIds.includes(t.queueId));
  if (t.status === 'closed' || outOfFilter) return removeCard(board, t.id);
  const card = toKanbanCard(t);
  const pinned = opts.moving?.get(t.id);
  return placeCard(board, pinned === undefined ? card : { ...card, laneId: pinned });
}

/** Spec 3: the search box keeps the cards whose contact number, last message or contact name holds the text (case and accents aside). */
export function filterCards(cards: readonly KanbanCard[], search: string): KanbanCard[] {
  const q = foldText(search);
  if (!q) return [...cards];
  const digits = q.replace(/\D/g, '');
  return cards.filter((c) => {
    if (foldText(c.contact.name).includes(q) || foldText(c.lastMessage).includes(q) || c.contact.number.includes(q)) return true;
    // "(11) 98765-4321" finds 5511987654321.
    return digits.length >= 3 && digits.length === q.replace(/[\s()+-]/g, '').length && c.contact.number.replace(/\D/g, '').includes(digits);
  });
}
