import { describe, expect, it } from 'vitest';
import { canAccept, canCreateGroup, canShowAll, groupTabVisible, queueRequired, rowOpens, shouldNotify, type Viewer } from './access';
import { queueChoices, queueLabel } from './queues';
import { newGroupComplete, newTicketError } from './new-ticket-form';
import { toQuery } from '../../../lib/get-tickets';
import { listParams, normaliseSearch } from './list-params';
import { makeTicket } from './make-ticket.test-util';

const user: Viewer = { id: 7, profile: 'user', super: false, queueIds: [5], allUserChat: false };
const admin: Viewer = { ...user, id: 1, profile: 'admin' };
const on = (...keys: string[]) => keys.map((key) => ({ key, value: 'enabled' }));

describe('access rules', () => {
  it('show-all: admin, or the allUserChat setting / flag', () => {
    expect(canShowAll(admin, [])).toBe(true);
    expect(canShowAll(user, [])).toBe(false);
    expect(canShowAll(user, on('allUserChat'))).toBe(true);
    expect(canShowAll({ ...user, allUserChat: true }, [])).toBe(true);
  });
  it('group tab: admins, or users when showMessageGroups is on', () => {
    expect(groupTabVisible(admin, [])).toBe(true);
    expect(groupTabVisible(user, [])).toBe(false);
    expect(groupTabVisible(user, on('showMessageGroups'))).toBe(true);
  });
  it('Criar Grupo only on ultimate', () => {
    expect(canCreateGroup({ tier: 'ultimate' })).toBe(true);
    expect(canCreateGroup({ tier: 'empresarial' })).toBe(false);
    expect(canCreateGroup(undefined)).toBe(false);
  });
  it('pending rows do not open; accept needs a queue unless admin', () => {
    expect(rowOpens({ status: 'pending' })).toBe(false);
    expect(rowOpens({ status: 'open' })).toBe(true);
    expect(canAccept(user, { status: 'pending', queueId: 5 })).toBe(true);
    expect(canAccept(user, { status: 'pending', queueId: null })).toBe(false);
    expect(canAccept(admin, { status: 'pending', queueId: null })).toBe(true);
    expect(canAccept(admin, { status: 'open', queueId: 5 })).toBe(false);
    expect(queueRequired(user)).toBe(true);
    expect(queueRequired(admin)).toBe(false);
  });
  it('notifies customer messages the user may see and is not looking at', () => {
    const t = makeTicket({ id: 2, status: 'pending', queueId: 5 });
    const away = { uuid: undefined, focused: true };
    expect(shouldNotify(user, { fromMe: false }, t, [], away)).toBe(true);
    expect(shouldNotify(user, { fromMe: true }, t, [], away)).toBe(false);
    expect(shouldNotify(user, { fromMe: false }, t, [], { uuid: t.uuid, focused: true })).toBe(false);
    expect(shouldNotify(user, { fromMe: false }, t, [], { uuid: t.uuid, focused: false })).toBe(true);
    expect(shouldNotify(user, { fromMe: false }, { ...t, queueId: 6 }, [], away)).toBe(false);
    expect(shouldNotify(admin, { fromMe: false }, { ...t, status: 'open', userId: 3 }, [], away)).toBe(false);
    expect(shouldNotify(admin, { fromMe: false }, { ...t, status: 'closed' }, [], away)).toBe(false);
  });
});

describe('queues, forms, list params', () => {
  it("cuts queue names after 7 characters; offers the company's queues, a user's own only", () => {
    expect(queueLabel('Financeiro')).toBe('Finance…');
    expect(queueLabel('Suporte')).toBe('Suporte');
    const company = [{ id: 2, name: 'Vendas', color: '#0f0' }, { id: 1, name: 'Apoio', color: '#00f' }];
    expect(queueChoices(company).map((x) => x.id)).toEqual([2, 1]);
    expect(queueChoices(company, [1]).map((x) => x.id)).toEqual([1]);
    // A ticket's current queue stays listed (a deleted queue, or one outside the user's own).
    expect(queueChoices(company, [1], { id: 9, name: 'Antiga', color: '#999' }).map((x) => x.id)).toEqual([1, 9]);
  });
  it('new ticket: contact, then a queue unless admin; new group: everything', () => {
    expect(newTicketError({ queueId: null }, false)).toBe('tickets.new.contactRequired');
    expect(newTicketError({ contactId: 1, queueId: null }, true)).toBe('tickets.new.queueRequired');
    expect(newTicketError({ contactId: 1, queueId: null }, false)).toBeUndefined();
    expect(newGroupComplete({ contactIds: [1], title: ' G ', queueId: 1, whatsappId: 2 })).toBe(true);
    expect(newGroupComplete({ contactIds: [1], title: '  ', queueId: 1, whatsappId: 2 })).toBe(false);
    expect(newGroupComplete({ contactIds: [], title: 'G', queueId: 1, whatsappId: 2 })).toBe(false);
    expect(newGroupComplete({ contactIds: [1], title: 'G', queueId: null, whatsappId: 2 })).toBe(false);
    expect(newGroupComplete({ contactIds: [1], title: 'G', queueId: 1 })).toBe(false);
  });
  it('tabs map to GET /tickets queries; search is trimmed and lowercased', () => {
    const f = { showAll: true, queueIds: [3, 1], users: [2], tags: [4], search: '  Ana SILVA ' };
    expect(listParams('open', 'assigned', f)).toEqual({ status: 'open', isGroup: false, showAll: true, queueIds: [1, 3] });
    expect(listParams('group', 'pending', f)).toEqual({ status: 'pending', isGroup: true, showAll: true, queueIds: [1, 3] });
    expect(listParams('open', 'pending', { ...f, showAll: false })).toMatchObject({ showAll: undefined });
    expect(listParams('closed', 'assigned', f)).toEqual({ status: 'closed', showAll: true, queueIds: [1, 3], users: [2] });
    expect(listParams('search', 'assigned', f)).toMatchObject({ searchParam: 'ana silva', tags: [4], users: [2] });
    expect(normaliseSearch('  ÁB ')).toBe('áb');
    expect(toQuery({ status: 'open', queueIds: [1, 3] })).toMatchObject({ status: 'open', queueIds: '1,3', users: undefined });
  });
});
