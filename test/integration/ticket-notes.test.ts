/**
 * Ticket notes: written on a ticket the caller may see about its contact, listed newest first
 * with the author, deleted by the author or an admin; another company's ticket is not found.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { newCompany } from '../support/api';
import { tenantWithAgent } from '../support/tenants';

let c: Awaited<ReturnType<typeof tenantWithAgent>>;

beforeAll(async () => {
  c = await tenantWithAgent();
  // The agent sees tickets without a queue (the tenant's ticket has none).
  expect((await c.admin.call('PUT', '/settings/showTicketWithoutQueue', { body: { value: 'enabled' } })).status).toBe(200);
});

describe('ticket notes', () => {
  it('validates the note and that the contact is the ticket\'s', async () => {
    const { ticketId, contactId } = c.tenant;
    const short = await c.admin.call('POST', '/ticket-notes', { body: { note: ' x ', ticketId, contactId } });
    expect(short.body.issues).toEqual([{ path: 'body.note', message: 'Too Short!' }]);
    const other = await c.admin.call('POST', '/contacts', { body: { name: 'Outra Pessoa', number: '5521999990123' } });
    const wrong = await c.admin.call('POST', '/ticket-notes', { body: { note: 'Sobre outra pessoa', ticketId, contactId: other.body.id } });
    expect([wrong.status, wrong.body.issues?.[0]?.path]).toEqual([400, 'body.contactId']);
    const missing = await c.admin.call('POST', '/ticket-notes', { body: { note: 'Sem ticket', ticketId: 999999, contactId } });
    expect([missing.status, missing.body.error]).toEqual([404, 'ERR_NO_TICKET_FOUND']);
  });

  it('lists newest first with the author; only the author or an admin deletes', async () => {
    const { ticketId, contactId } = c.tenant;
    const first = await c.agent.call('POST', '/ticket-notes', { body: { note: 'Cliente pediu retorno', ticketId, contactId } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ note: 'Cliente pediu retorno', ticketId, contactId, userId: c.tenant.userId, user: { id: c.tenant.userId, name: 'Agente Original' } });
    const second = await c.admin.call('POST', '/ticket-notes', { body: { note: 'Retorno feito', ticketId, contactId } });
    const list = await c.agent.call('GET', `/ticket-notes/list?ticketId=${ticketId}&contactId=${contactId}`);
    expect(list.body.map((n: { id: number }) => n.id)).toEqual([second.body.id, first.body.id]);
    expect(list.body[0].user).toEqual({ id: c.tenant.adminId, name: 'Admin Teste' });
    expect((await c.agent.call('DELETE', `/ticket-notes/${second.body.id}`)).body.error).toBe('ERR_NO_PERMISSION');
    expect((await c.agent.call('DELETE', `/ticket-notes/${first.body.id}`)).status).toBe(204);
    expect((await c.admin.call('DELETE', `/ticket-notes/${second.body.id}`)).status).toBe(204);
    expect((await c.admin.call('DELETE', `/ticket-notes/${second.body.id}`)).body.error).toBe('ERR_NO_NOTE_FOUND');
    expect((await c.agent.call('GET', `/ticket-notes/list?ticketId=${ticketId}`)).body).toEqual([]);
  });

  it('a ticket the agent may not see is refused; contact-wide lists are for admins', async () => {
    const { ticketId, contactId } = c.tenant;
    expect((await c.admin.call('PUT', '/settings/showTicketWithoutQueue', { body: { value: 'disabled' } })).status).toBe(200);
    try {
      const res = await c.agent.call('POST', '/ticket-notes', { body: { note: 'Não devia', ticketId, contactId } });
      expect([res.status, res.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
      expect((await c.agent.call('GET', `/ticket-notes/list?ticketId=${ticketId}`)).status).toBe(403);
    } finally {
      await c.admin.call('PUT', '/settings/showTicketWithoutQueue', { body: { value: 'enabled' } });
    }
    expect((await c.agent.call('GET', `/ticket-notes/list?contactId=${contactId}`)).status).toBe(403);
    expect((await c.admin.call('GET', `/ticket-notes/list?contactId=${contactId}`)).status).toBe(200);
  });

  it('another company\'s ticket and notes are not found', async () => {
    const { ticketId, contactId } = c.tenant;
    const note = await c.admin.call('POST', '/ticket-notes', { body: { note: 'Nota da empresa A', ticketId, contactId } });
    const b = await newCompany();
    const post = await b.admin.call('POST', '/ticket-notes', { body: { note: 'Intrusa', ticketId, contactId } });
    expect([post.status, post.body.error]).toEqual([404, 'ERR_NO_TICKET_FOUND']);
    expect((await b.admin.call('GET', `/ticket-notes/list?ticketId=${ticketId}`)).status).toBe(404);
    expect((await b.admin.call('GET', `/ticket-notes/list?contactId=${contactId}`)).status).toBe(404);
    expect((await b.admin.call('DELETE', `/ticket-notes/${note.body.id}`)).status).toBe(404);
    expect((await c.admin.call('GET', `/ticket-notes/list?ticketId=${ticketId}`)).body.map((n: { note: string }) => n.note)).toEqual(['Nota da empresa A']);
  });
});
