import { describe, expect, it } from 'vitest';
import { getMessage } from '../../functions/src/adapters/db/messages';
import { newCompany, signedIn, unique, PASSWORD } from '../support/api';
import { tenantWithAgent } from '../support/tenants';

describe('outbound', () => {
  it('an agent reply is stored with ack 0 and signed before it is queued (the sandbox flow test follows it to the phone)', async () => {
    const { admin, tenant } = await tenantWithAgent();
    const res = await admin.call('POST', `/messages/${tenant.ticketId}`, { body: { body: 'Olá! Como posso ajudar?' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ack: 0, fromMe: true, body: '*Admin Teste*:\nOlá! Como posso ajudar?', ticketId: tenant.ticketId });
    expect(await getMessage(tenant.companyId, tenant.ticketId, res.body.id)).toMatchObject({ ack: 0, userId: tenant.adminId });
    await admin.call('PUT', '/settings/sendSignMessage', { body: { value: 'disabled' } });
    const plain = await admin.call('POST', `/messages/${tenant.ticketId}`, { body: { body: 'Sem assinatura' } });
    expect(plain.body.body).toBe('Sem assinatura');
  });

  it('refuses empty text, unknown tickets and tickets the agent may not see', async () => {
    const { admin, tenant } = await tenantWithAgent();
    expect((await admin.call('POST', `/messages/${tenant.ticketId}`, { body: { body: '   ' } })).body.error).toBe('ERR_VALIDATION');
    expect((await admin.call('POST', '/messages/999999', { body: { body: 'oi' } })).body.error).toBe('ERR_NO_TICKET_FOUND');
    const email = `${unique()}@example.test`;
    await admin.call('POST', '/users', { body: { name: 'Sem Fila', email, password: PASSWORD } });
    const agent = await signedIn(email);
    // The ticket has no queue and showTicketWithoutQueue is disabled: not this agent's.
    const denied = await agent.call('POST', `/messages/${tenant.ticketId}`, { body: { body: 'oi' } });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('ERR_NO_PERMISSION');
    void newCompany;
  });
});
