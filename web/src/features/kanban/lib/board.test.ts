import { describe, expect, it } from 'vitest';
import { toKanbanCard } from '@conversa/shared/kanban';
import type { KanbanCard } from '@conversa/shared/schemas/tags';
import { makeTicket } from '../../../test/make-ticket';
import { appendPage, applyTicket, filterCards, findCard, moveCard, placeCard, removeCard, type Board } from './board';
import { CAMPAIGN_TOAST_MS } from '@conversa/shared/constants';
import { campaignToasts } from './campaign-toasts';
import { laneShift } from './keyboard';
import { parsePrefs } from './prefs';

const card = (id: number, laneId = 0, patch: Partial<KanbanCard> = {}): KanbanCard => ({ ...toKanbanCard(makeTicket({ id, laneId })), ...patch });
const ids = (b: Board, laneId: number) => b.lanes.find((l) => l.laneId === laneId)?.cards.map((c) => c.id);

/** 'Em aberto' with 5 and 3 (more to load), lane 7 with 4, lane 9 empty. */
const board = (): Board => ({
  lanes: [
    { laneId: 0, cards: [card(5), card(3)], hasMore: true, cursor: '3' },
    { laneId: 7, cards: [card(4, 7)], hasMore: false },
    { laneId: 9, cards: [], hasMore: false },
  ],
});

describe('card moves', () => {
  it('a dropped card leaves its lane and sits in the new one in the server order (newest first)', () => {
    const b = moveCard(board(), 5, 7);
    expect(ids(b, 0)).toEqual([3]);
    expect(ids(b, 7)).toEqual([5, 4]);
    expect(findCard(b, 5)?.laneId).toBe(7);
    expect(ids(moveCard(b, 3, 7), 7)).toEqual([5, 4, 3]);
  });

  it('moving back (the rollback of a failed move) restores the lanes; an unknown card changes nothing', () => {
    const before = board();
    const back = moveCard(moveCard(before, 5, 9), 5, 0);
    expect(back).toEqual(before);
    expect(moveCard(before, 42, 7)).toBe(before);
  });

  it('a card removed meanwhile (closed by someone) is not brought back by the rollback', () => {
    const gone = removeCard(moveCard(board(), 5, 7), 5);
    expect(moveCard(gone, 5, 0)).toBe(gone);
    expect(findCard(gone, 5)).toBeUndefined();
  });

  it('a lane the board does not hold yet (created after it loaded) gets the card, with the rest still to load', () => {
    const b = moveCard(board(), 4, 11);
    expect(b.lanes.at(-1)).toEqual({ laneId: 11, cards: [expect.objectContaining({ id: 4, laneId: 11 })], hasMore: true });
  });
});

describe('paging', () => {
  it("a lane's next page is appended without the cards the board already holds", () => {
    const moved = moveCard(board(), 4, 0); // 4 came into 'Em aberto' live, and the next page has it too
    const b = appendPage(moved, { laneId: 0, cards: [card(2), card(4), card(1)], hasMore: false });
    expect(ids(b, 0)).toEqual([5, 4, 3, 2, 1]);
    expect(b.lanes[0]).toMatchObject({ hasMore: false });
    expect(b.lanes[0]).not.toHaveProperty('cursor');
  });

  it('a page of a lane the board did not hold adds the lane', () => {
    const b = appendPage(board(), { laneId: 12, cards: [card(8, 12)], hasMore: true, cursor: '8' });
    expect(b.lanes.at(-1)).toEqual({ laneId: 12, cards: [expect.objectContaining({ id: 8 })], hasMore: true, cursor: '8' });
  });
});

describe('live ticket events', () => {
  const none = { queueIds: [] };

  it("another user's move: the card follows the ticket's laneId, with its new last message", () => {
    const b = applyTicket(board(), makeTicket({ id: 3, laneId: 9, lastMessage: 'Fechado!' }), none);
    expect(ids(b, 0)).toEqual([5]);
    expect(findCard(b, 3)).toMatchObject({ laneId: 9, lastMessage: 'Fechado!' });
  });

  it('a ticket without laneId is in Em aberto', () => {
    const t = makeTicket({ id: 4 });
    delete t.laneId;
    expect(ids(applyTicket(board(), t, none), 0)).toEqual([5, 4, 3]);
  });

  it('a resolved ticket, or one outside the queue filter, leaves the board', () => {
    expect(findCard(applyTicket(board(), makeTicket({ id: 4, laneId: 7, status: 'closed' }), none), 4)).toBeUndefined();
    const other = makeTicket({ id: 5, laneId: 0, queueId: 2 });
    expect(findCard(applyTicket(board(), other, { queueIds: [1] }), 5)).toBeUndefined();
    expect(findCard(applyTicket(board(), { ...other, queueId: null }, { queueIds: [1] }), 5)).toBeUndefined();
    expect(findCard(applyTicket(board(), other, { queueIds: [1, 2] }), 5)).toBeDefined();
  });

  it('a new pending or open ticket comes into Em aberto', () => {
    const b = applyTicket(board(), makeTicket({ id: 6, laneId: 0, status: 'pending' }), none);
    expect(ids(b, 0)).toEqual([6, 5, 3]);
    expect(ids(applyTicket(b, makeTicket({ id: 7, laneId: 0, status: 'open' }), none), 0)).toEqual([7, 6, 5, 3]);
  });

  it('a card this user is moving keeps the lane it was dropped on against an older event', () => {
    const moving = new Map([[5, 7]]);
    const b = applyTicket(moveCard(board(), 5, 7), makeTicket({ id: 5, laneId: 0, lastMessage: 'nova' }), { queueIds: [], moving });
    expect(findCard(b, 5)).toMatchObject({ laneId: 7, lastMessage: 'nova' });
  });

  it('placing a card that is already there replaces it in place', () => {
    const b = placeCard(board(), card(3, 0, { lastMessage: 'outra' }));
    expect(ids(b, 0)).toEqual([5, 3]);
    expect(findCard(b, 3)?.lastMessage).toBe('outra');
  });
});

describe('search', () => {
  const cards = [
    card(1, 0, { contact: { id: 1, name: 'José Álvares', number: '5511987654321', email: '' }, lastMessage: 'Quero o orçamento' }),
    card(2, 0, { contact: { id: 2, name: 'Maria', number: '5521912345678', email: '' }, lastMessage: 'Obrigada' }),
  ];
  it('keeps the cards whose contact number, last message or name holds the text, case and accents aside', () => {
    expect(filterCards(cards, '').map((c) => c.id)).toEqual([1, 2]);
    expect(filterCards(cards, 'jose alv').map((c) => c.id)).toEqual([1]);
    expect(filterCards(cards, 'ORCAMENTO').map((c) => c.id)).toEqual([1]);
    expect(filterCards(cards, '55219').map((c) => c.id)).toEqual([2]);
    expect(filterCards(cards, '(11) 98765-4321').map((c) => c.id)).toEqual([1]);
    expect(filterCards(cards, 'nada')).toEqual([]);
  });
});

describe('campaign toasts', () => {
  it("started after replaced: 'excluída' for each old campaign, then the started one (10 s)", () => {
    const toasts = campaignToasts({ kind: 'started', campaign: 9, contactName: 'Ana', scheduleId: 1, sendAt: '', replaced: [7] });
    expect(toasts).toEqual([
      { kind: 'info', key: 'kanban.toast.deleted', values: { n: 7 } },
      { kind: 'success', key: 'kanban.toast.started', values: { n: 9, name: 'Ana' }, ms: CAMPAIGN_TOAST_MS },
    ]);
  });
  it('kept, cleared and none', () => {
    expect(campaignToasts({ kind: 'kept', campaign: 9, contactName: 'Ana' })).toEqual([{ kind: 'info', key: 'kanban.toast.kept', values: { n: 9, name: 'Ana' } }]);
    expect(campaignToasts({ kind: 'cleared', removed: 0 })).toEqual([{ kind: 'success', key: 'kanban.toast.cleared', values: {} }]);
    expect(campaignToasts({ kind: 'none' })).toEqual([]);
  });
});

describe('keyboard moves and settings', () => {
  const lanes = [{ left: 600, width: 300 }, { left: 0, width: 300 }, { left: 300, width: 300 }];
  it('← and → go to the centre of the neighbouring lane, nothing past the edges', () => {
    expect(laneShift(150, lanes, 1)).toBe(300);
    expect(laneShift(450, lanes, 1)).toBe(300);
    expect(laneShift(750, lanes, 1)).toBeUndefined();
    expect(laneShift(750, lanes, -1)).toBe(-300);
    expect(laneShift(160, lanes, -1)).toBeUndefined();
  });
  it('stored settings that do not parse fall back to the defaults', () => {
    expect(parsePrefs('{"hiddenLanes":[3],"compact":true}')).toEqual({ hiddenLanes: [3], compact: true });
    expect(parsePrefs('{"hiddenLanes":"x"}')).toEqual({ hiddenLanes: [], compact: false });
    expect(parsePrefs('nope')).toEqual({ hiddenLanes: [], compact: false });
    expect(parsePrefs(null)).toEqual({ hiddenLanes: [], compact: false });
  });
});
