import { describe, expect, it } from 'vitest';
import { allTickets, applyTicket, badgeCount, belongsTo, clearUnread, countKey, mergeTicket, removeTicket, unreadConversations } from './tickets-cache';
import { listParams } from './list-params';
import { makeTicket, pages } from './make-ticket.test-util';

const ME = 7;
const V = { id: ME, queueIds: [5] };
const noFilters = { showAll: false, queueIds: [], users: [], tags: [], search: '' };
const assigned = listParams('open', 'assigned', noFilters);
const pending = listParams('open', 'pending', noFilters);
const ids = (d: ReturnType<typeof pages> | undefined) => allTickets(d).map((t) => t.id);

describe('belongsTo', () => {
  it('splits open (mine unless show-all), pending, groups, queues and users', () => {
    expect(belongsTo(makeTicket({ status: 'open', userId: ME }), assigned, V)).toBe(true);
    expect(belongsTo(makeTicket({ status: 'open', userId: 99 }), assigned, V)).toBe(false);
    expect(belongsTo(makeTicket({ status: 'open', userId: 99 }), listParams('open', 'assigned', { ...noFilters, showAll: true }), V)).toBe(true);
    expect(belongsTo(makeTicket({ status: 'pending' }), pending, V)).toBe(true);
    expect(belongsTo(makeTicket({ status: 'pending', isGroup: true }), pending, V)).toBe(false);
    expect(belongsTo(makeTicket({ status: 'pending', isGroup: true }), listParams('group', 'pending', noFilters), V)).toBe(true);
    expect(belongsTo(makeTicket({ status: 'pending', queueId: 5 }), listParams('open', 'pending', { ...noFilters, queueIds: [6] }), V)).toBe(false);
    expect(belongsTo(makeTicket({ status: 'closed', userId: 3 }), listParams('closed', 'assigned', { ...noFilters, users: [4] }), V)).toBe(false);
    expect(belongsTo(makeTicket({ status: 'closed', userId: 4 }), listParams('closed', 'assigned', { ...noFilters, users: [4], showAll: true }), V)).toBe(true);
  });
  it('without show-all: own tickets and the unassigned ones of the user\'s queues', () => {
    expect(belongsTo(makeTicket({ status: 'pending', queueId: 6 }), pending, V)).toBe(false);
    expect(belongsTo(makeTicket({ status: 'pending', queueId: null }), pending, V)).toBe(true);
    expect(belongsTo(makeTicket({ status: 'pending', queueId: 6 }), listParams('open', 'pending', { ...noFilters, showAll: true }), V)).toBe(true);
    expect(belongsTo(makeTicket({ status: 'closed', userId: 3 }), listParams('closed', 'assigned', noFilters), V)).toBe(false);
    expect(belongsTo(makeTicket({ status: 'closed', userId: ME, queueId: 6 }), listParams('closed', 'assigned', noFilters), V)).toBe(true);
  });
  it('cannot tell for the search tab', () => {
    expect(belongsTo(makeTicket(), listParams('search', 'assigned', { ...noFilters, search: 'Ana' }), V)).toBeUndefined();
  });
});

describe('applyTicket (realtime update / new message)', () => {
  it('inserts a new complete ticket at the top and raises the count', () => {
    const d = pages({ tickets: [makeTicket({ id: 1 })], count: 1 });
    const r = applyTicket(d, makeTicket({ id: 2, lastMessageAt: '2025-01-01T11:00:00.000Z' }), pending, V);
    expect(ids(r.data)).toEqual([2, 1]);
    expect(r.data!.pages[0]!.count).toBe(2);
    expect(r.stale).toBe(false);
  });

  it('moves an accepted ticket from pending to the assigned list', () => {
    const t = makeTicket({ id: 3 });
    const pend = pages({ tickets: [makeTicket({ id: 1 }), t], count: 2 });
    const mine = pages({ tickets: [makeTicket({ id: 4, status: 'open', userId: ME })], count: 1 });
    const accepted = { ...t, status: 'open' as const, userId: ME, user: { id: ME, name: 'Eu' } };
    const p = applyTicket(pend, accepted, pending, V);
    const a = applyTicket(mine, accepted, assigned, V);
    expect(ids(p.data)).toEqual([1]);
    expect(p.data!.pages[0]!.count).toBe(1);
    expect(ids(a.data)).toEqual([3, 4]);
    expect(a.data!.pages[0]!.count).toBe(2);
  });

  it('bumps a ticket with a new message to the top and keeps its joined objects', () => {
    const d = pages({ tickets: [makeTicket({ id: 1 })] }, { tickets: [makeTicket({ id: 2 })] });
    // The inbound event carries the stored ticket, without contact/queue names.
    const r = applyTicket(d, { id: 2, status: 'pending', userId: null, queueId: 5, isGroup: false, lastMessage: 'novo', lastMessageAt: '2025-01-01T12:00:00.000Z', unreadMessages: 3 }, pending, V);
    expect(ids(r.data)).toEqual([2, 1]);
    const t = allTickets(r.data)[0]!;
    expect(t).toMatchObject({ lastMessage: 'novo', unreadMessages: 3, contact: { name: 'Cliente 2' }, queue: { name: 'Suporte' } });
    expect(r.stale).toBe(false);
  });

  it('keeps the place of a change without a new message (tags, unread)', () => {
    const d = pages({ tickets: [makeTicket({ id: 1 }), makeTicket({ id: 2 })] });
    const r = applyTicket(d, { id: 2, status: 'pending', userId: null, queueId: 5, isGroup: false, unreadMessages: 0, tags: [{ id: 1, name: 'vip', color: '#000' }] }, pending, V);
    expect(ids(r.data)).toEqual([1, 2]);
    expect(allTickets(r.data)[1]!.tags).toHaveLength(1);
  });

  it('asks for a re-read when a new ticket arrives without its contact', () => {
    const d = pages({ tickets: [makeTicket({ id: 1 })] });
    const r = applyTicket(d, { id: 9, uuid: 'x', status: 'pending', userId: null, queueId: 5, isGroup: false }, pending, V);
    expect(r.data).toBe(d);
    expect(r.stale).toBe(true);
  });

  it('updates in place on the search tab but never inserts there', () => {
    const search = listParams('search', 'assigned', { ...noFilters, search: 'cli' });
    const d = pages({ tickets: [makeTicket({ id: 1 })] });
    expect(applyTicket(d, makeTicket({ id: 2 }), search, V).data).toBe(d);
    const r = applyTicket(d, { id: 1, status: 'closed', userId: null, queueId: 5, isGroup: false }, search, V);
    expect(allTickets(r.data)[0]!.status).toBe('closed');
  });

  it('marks a transfer to an unknown queue stale and drops the old queue name', () => {
    const old = makeTicket({ id: 1, status: 'open', userId: ME });
    const { ticket, stale } = mergeTicket(old, { id: 1, queueId: 8 });
    expect(ticket.queue).toBeNull();
    expect(stale).toBe(true);
  });
});

describe('remove, unread, counts', () => {
  it('removes on delete / removeFromList and lowers the count', () => {
    const d = pages({ tickets: [makeTicket({ id: 1 }), makeTicket({ id: 2 })], count: 2 });
    const r = removeTicket(d, 1);
    expect(ids(r)).toEqual([2]);
    expect(r!.pages[0]!.count).toBe(1);
    expect(removeTicket(d, 42)).toBe(d);
  });

  it('clears the unread badge on updateUnread', () => {
    const d = pages({ tickets: [makeTicket({ id: 1, unreadMessages: 4 })] });
    expect(allTickets(clearUnread(d, 1))[0]!.unreadMessages).toBe(0);
  });

  it('moves the tab badge from `counts` with the tickets that enter or leave', () => {
    const counts = { open: 4, pending: 2, groupOpen: 0, groupPending: 0 };
    const d: ReturnType<typeof pages> = { pages: [{ tickets: [makeTicket({ id: 1 })], hasMore: false, counts }], pageParams: [{ page: 1 }] };
    expect(badgeCount(d, countKey(pending))).toBe('2');
    const added = applyTicket(d, makeTicket({ id: 2, lastMessageAt: '2025-01-02T00:00:00.000Z' }), pending, V).data;
    expect(badgeCount(added, 'pending')).toBe('3');
    expect(added!.pages[0]!.counts!.open).toBe(4);
    expect(badgeCount(removeTicket(added, 1, pending), 'pending')).toBe('2');
    expect(countKey(listParams('group', 'assigned', noFilters))).toBe('groupOpen');
    expect(countKey(listParams('closed', 'assigned', noFilters))).toBeUndefined();
  });

  it('badge: the server count, else what is loaded (+ while more pages remain)', () => {
    expect(badgeCount(undefined)).toBeUndefined();
    expect(badgeCount(pages({ tickets: [makeTicket()], count: 37 }))).toBe('37');
    expect(badgeCount(pages({ tickets: [makeTicket()], count: 250 }))).toBe('99+');
    expect(badgeCount(pages({ tickets: [makeTicket({ id: 1 }), makeTicket({ id: 2 })] }))).toBe('2');
    expect(badgeCount(pages({ tickets: [makeTicket({ id: 1 })], hasMore: true }))).toBe('1+');
  });

  it('counts unread conversations once across lists, closed ones aside', () => {
    const a = pages({ tickets: [makeTicket({ id: 1, unreadMessages: 2 }), makeTicket({ id: 2 })] });
    const b = pages({ tickets: [makeTicket({ id: 1, unreadMessages: 2 }), makeTicket({ id: 3, unreadMessages: 1, status: 'closed' })] });
    expect(unreadConversations([a, b, undefined])).toBe(1);
  });
});
