/**
 * The agent actions on a ticket (spec 1 §4, BEHAVIOUR.md "Agent actions"): accept (one winner of
 * a race), return to queue, transfer with and without an agent, close with and without farewell,
 * reopen, delete; visibility of single tickets.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getLock, getTicket } from '../../functions/src/adapters/db/tickets';
import { queryPartition } from '../support/db';
import { runInbound, text } from '../support/inbound';
import { pairSandbox, until } from '../support/sandbox';
import { inbox, type Inbox } from './tickets-helpers';

let x: Inbox;
beforeAll(async () => {
  x = await inbox();
}, 60_000);

describe('ticket transitions', () => {
  it('two agents accept at once: exactly one wins, the other gets ERR_TICKET_ALREADY_ACCEPTED', async () => {
    const t = await x.customer({ queueId: 1 });
    expect(t.status).toBe('pending');
    const [r1, r2] = await Promise.all([x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { status: 'open' } }), x.a2.client.call('PUT', `/tickets/${t.id}`, { body: { status: 'open' } })]);
    const statuses = [r1.status, r2.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = r1.status === 409 ? r1 : r2;
    expect(loser.body.error).toBe('ERR_TICKET_ALREADY_ACCEPTED');
    const winner = r1.status === 200 ? { res: r1, id: x.a1.id } : { res: r2, id: x.a2.id };
    expect(winner.res.body).toMatchObject({ status: 'open', userId: winner.id, user: { id: winner.id }, queue: { id: 1, name: 'Vendas', color: '#ff0000' } });
    expect(winner.res.body.acceptedAt).toBeTruthy();
    const stored = await getTicket(x.companyId, t.id);
    expect(stored?.userId).toBe(winner.id);
  });

  it('an agent cannot accept a ticket without a queue; an admin can', async () => {
    const t = await x.customer();
    expect(t.queueId).toBeNull();
    // Not even visible to the agent (showTicketWithoutQueue disabled)
    expect((await x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { status: 'open' } })).status).toBe(403);
    await x.admin.call('PUT', '/settings/showTicketWithoutQueue', { body: { value: 'enabled' } });
    try {
      const denied = await x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { status: 'open' } });
      expect(denied.status).toBe(403);
      expect(denied.body.error).toBe('ERR_NO_PERMISSION');
    } finally {
      await x.admin.call('PUT', '/settings/showTicketWithoutQueue', { body: { value: 'disabled' } });
    }
    const ok = await x.admin.call('PUT', `/tickets/${t.id}`, { body: { status: 'open' } });
    expect(ok.body).toMatchObject({ status: 'open', userId: x.adminId });
  });

  it('return to queue clears the agent; transfer to a queue without agent makes it pending; transfer to an agent keeps it open', async () => {
    const t = await x.customer({ queueId: 1 });
    await x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { status: 'open' } });
    const back = await x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { status: 'pending' } });
    expect(back.body).toMatchObject({ status: 'pending', userId: null, user: null, queueId: 1 });

    await x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { status: 'open' } });
    const toQueue = await x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { queueId: 2 } });
    expect(toQueue.body).toMatchObject({ status: 'pending', userId: null, queueId: 2, queue: { name: 'Suporte' } });
    // Now queue 2's: the agent of queue 1 no longer sees it, the agent of queue 2 does.
    expect((await x.a1.client.call('GET', `/tickets/${t.id}`)).status).toBe(403);
    expect((await x.b.client.call('GET', `/tickets/${t.id}`)).status).toBe(200);

    await x.b.client.call('PUT', `/tickets/${t.id}`, { body: { status: 'open' } });
    const toAgent = await x.b.client.call('PUT', `/tickets/${t.id}`, { body: { userId: x.a2.id, queueId: 1, status: 'open' } });
    expect(toAgent.body).toMatchObject({ status: 'open', userId: x.a2.id, queueId: 1, user: { name: 'Beto Vendas' } });
    expect((await x.a2.client.call('GET', `/tickets/${t.id}`)).status).toBe(200);
    expect((await x.b.client.call('GET', `/tickets/${t.id}`)).status).toBe(403);
  });

  it('moving a ticket to another connection is for admins, and moves its lock', async () => {
    const t = await x.customer({ queueId: 1 });
    await x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { status: 'open' } });
    const other = (await x.admin.call('POST', '/whatsapp', { body: { name: 'Outra', channel: 'sandbox' } })).body;
    const denied = await x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { whatsappId: other.id } });
    expect(denied.status).toBe(403);
    const moved = await x.admin.call('PUT', `/tickets/${t.id}`, { body: { whatsappId: other.id } });
    expect(moved.body).toMatchObject({ whatsappId: other.id, whatsapp: { name: 'Outra' }, status: 'open' });
    expect(await getLock(x.companyId, t.contactId, x.conn.id)).toBeUndefined();
    expect(await getLock(x.companyId, t.contactId, other.id)).toMatchObject({ ticketId: t.id, state: 'active' });
  });

  it('closing releases the lock; a new ticket for the contact is allowed; reopening the old one is refused while the new is active', async () => {
    const t = await x.customer({ queueId: 1 });
    await x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { status: 'open' } });
    const dup = await x.admin.call('POST', '/tickets', { body: { contactId: t.contactId, whatsappId: x.conn.id, queueId: 1 } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('ERR_OTHER_OPEN_TICKET');
    // The error names the ticket in the way, so the screens can offer to open it.
    expect(dup.body.details).toEqual({ ticketId: t.id, uuid: t.uuid });

    const closed = await x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { status: 'closed', justClose: true } });
    expect(closed.body).toMatchObject({ status: 'closed' });
    expect(closed.body.closedAt).toBeTruthy();
    expect(await getLock(x.companyId, t.contactId, x.conn.id)).toMatchObject({ ticketId: t.id, state: 'closed' });

    // Only admins reopen.
    expect((await x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { status: 'open' } })).status).toBe(403);
    const reopened = await x.admin.call('PUT', `/tickets/${t.id}`, { body: { status: 'open' } });
    expect(reopened.body).toMatchObject({ status: 'open', userId: x.adminId, closedAt: null });
    await x.admin.call('PUT', `/tickets/${t.id}`, { body: { status: 'closed', justClose: true } });

    const fresh = await x.a1.client.call('POST', '/tickets', { body: { contactId: t.contactId, whatsappId: x.conn.id, queueId: 1 } });
    expect(fresh.status).toBe(201);
    expect(fresh.body).toMatchObject({ status: 'open', userId: x.a1.id, queueId: 1 });
    expect(fresh.body.id).not.toBe(t.id);
    const again = await x.admin.call('PUT', `/tickets/${t.id}`, { body: { status: 'open' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_OTHER_OPEN_TICKET');
  });

  it('a new ticket needs a queue from agents (Selecione uma fila) and a known contact', async () => {
    const t = await x.customer({ queueId: 1 });
    const noQueue = await x.a1.client.call('POST', '/tickets', { body: { contactId: t.contactId } });
    expect(noQueue.status).toBe(400);
    expect(noQueue.body.issues[0]).toMatchObject({ path: 'body.queueId', message: 'Selecione uma fila' });
    const unknown = await x.admin.call('POST', '/tickets', { body: { contactId: 999_999 } });
    expect(unknown.body.error).toBe('ERR_NO_CONTACT_FOUND');
  });

  it('resolving with farewell sends the farewell to the phone, unsigned while agents sign theirs; without it sends nothing', async () => {
    const { admin } = x;
    const conn = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox Despedida', channel: 'sandbox', complationMessage: 'Obrigado pelo contato!' } })).body;
    await pairSandbox(admin, conn.id);
    await admin.call('PUT', '/settings/sendSignMessage', { body: { value: 'enabled' } });
    const ticketOf = async (from: string) => {
      await runInbound([text(x.companyId, conn.id, from, 'Oi')]);
      const list = await admin.call('GET', '/tickets?status=pending&showAll=true&limit=100');
      return list.body.tickets.find((t: { contact: { number: string } }) => t.contact.number === from);
    };
    const withFarewell = await ticketOf('5511977770001');
    await admin.call('PUT', `/tickets/${withFarewell.id}`, { body: { status: 'open' } });
    expect((await admin.call('POST', `/messages/${withFarewell.id}`, { body: { body: 'Posso ajudar?' } })).status).toBe(201);
    const closed = await admin.call('PUT', `/tickets/${withFarewell.id}`, { body: { status: 'closed', sendFarewellMessage: true } });
    expect(closed.body.status).toBe('closed');
    const box = await until('the farewell on the phone', async () => {
      const b = (await admin.call('GET', `/sandbox/${conn.id}/outbox`)).body;
      return b.items.some((i: { body: string }) => i.body === 'Obrigado pelo contato!') ? b : undefined;
    });
    // The agent's own message carries the signature; the farewell, a system message, does not.
    expect(box.items.filter((i: { to: string }) => i.to === '5511977770001').map((i: { body: string }) => i.body).sort()).toEqual(['*Admin Teste*:\nPosso ajudar?', 'Obrigado pelo contato!'].sort());
    await admin.call('PUT', '/settings/sendSignMessage', { body: { value: 'disabled' } });

    const silent = await ticketOf('5511977770002');
    await admin.call('PUT', `/tickets/${silent.id}`, { body: { status: 'open' } });
    await admin.call('PUT', `/tickets/${silent.id}`, { body: { status: 'closed', justClose: true, sendFarewellMessage: true } });
    await new Promise((r) => setTimeout(r, 1500));
    const after = (await admin.call('GET', `/sandbox/${conn.id}/outbox`)).body;
    expect(after.items.filter((i: { to: string }) => i.to === '5511977770002')).toHaveLength(0);
  }, 90_000);

  it('delete (admin): the ticket, its uuid, its lock and its messages are gone', async () => {
    const t = await x.customer({ queueId: 1 });
    expect((await queryPartition(`C#${x.companyId}#MSGS#${t.id}`)).length).toBe(1);
    expect((await x.a1.client.call('DELETE', `/tickets/${t.id}`)).status).toBe(403);
    const del = await x.admin.call('DELETE', `/tickets/${t.id}`);
    expect(del.status).toBe(204);
    expect(await getTicket(x.companyId, t.id)).toBeUndefined();
    expect((await x.admin.call('GET', `/tickets/u/${t.uuid}`)).status).toBe(404);
    expect(await getLock(x.companyId, t.contactId, x.conn.id)).toBeUndefined();
    expect(await queryPartition(`C#${x.companyId}#MSGS#${t.id}`)).toEqual([]);
  });

  it('opening a ticket resets its unread count; GET by uuid works the same', async () => {
    const t = await x.customer({ queueId: 1 });
    const listed = await x.a1.client.call('GET', '/tickets?status=pending');
    expect(listed.body.tickets.find((r: { id: number }) => r.id === t.id).unreadMessages).toBe(1);
    const opened = await x.a1.client.call('GET', `/tickets/u/${t.uuid}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ id: t.id, unreadMessages: 0, contact: { id: t.contactId } });
    expect((await getTicket(x.companyId, t.id))?.unreadMessages).toBe(0);
  });

  it('presence is accepted on a ticket the agent may see; refused on others and on closed tickets', async () => {
    const t = await x.customer({ queueId: 1 });
    expect((await x.a1.client.call('PUT', `/tickets/presence/${t.id}`, { body: { presence: 'composing' } })).status).toBe(204);
    expect((await x.b.client.call('PUT', `/tickets/presence/${t.id}`, { body: { presence: 'composing' } })).status).toBe(403);
    expect((await x.a1.client.call('PUT', `/tickets/presence/${t.id}`, { body: { presence: 'typing' } })).status).toBe(400);
    await x.admin.call('PUT', `/tickets/${t.id}`, { body: { status: 'closed', justClose: true } });
    const closed = await x.a1.client.call('PUT', `/tickets/presence/${t.id}`, { body: { presence: 'recording' } });
    expect(closed.status).toBe(400);
    expect(closed.body.issues[0].message).toBe('the ticket is closed');
  });

  it('a group request is validated before the session is asked (the sandbox path end to end: groups-and-import.test.ts)', async () => {
    const t = await x.customer({ queueId: 1 });
    const body = { contactsAddGroup: [t.contactId], titleGroup: 'Equipe', queueId: 1, whatsappId: x.conn.id };
    const noGroups = await x.admin.call('POST', '/creatGroupAndTicket', { body });
    expect(noGroups.status).toBe(400);
    expect(noGroups.body.issues[0].message).toBe('the connection does not accept groups');
    expect((await x.admin.call('PUT', `/whatsapp/${x.conn.id}`, { body: { allowGroups: true } })).status).toBe(200);
    // The connection was never paired: no session to ask.
    const down = await x.admin.call('POST', '/creatGroupAndTicket', { body });
    expect(down.status).toBe(409);
    expect(down.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect((await x.admin.call('POST', '/creatGroupAndTicket', { body: { ...body, contactsAddGroup: [t.contactId, 999_999] } })).body.error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await x.admin.call('POST', '/creatGroupAndTicket', { body: { ...body, titleGroup: '' } })).body.error).toBe('ERR_VALIDATION');
  });
});
