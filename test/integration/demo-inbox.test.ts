/**
 * The README's sandbox recipe for a new user (issue 18, inbox item 1): on a fresh start the demo
 * company has a queue with its admin and agent and a paired sandbox connection of that queue, so
 * a customer played on it reaches the demo agent's Aguardando list with no setup.
 */
import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/api';
import { until } from '../support/sandbox';

describe('the seeded demo inbox', () => {
  it('a customer played on the demo connection reaches the demo agent, who is in its queue', async () => {
    const admin = await signedIn('admin@demo.local');
    const agent = await signedIn('agent@demo.local');
    const conn = (await admin.call('GET', '/whatsapp')).body.find((c: { name: string }) => c.name === 'Demo (sandbox)');
    expect(conn).toMatchObject({ channel: 'sandbox', isDefault: true });
    // Paired by the seed: the host starts it CONNECTED, with no QR to scan.
    await until('the demo connection CONNECTED', async () => (await admin.call('GET', `/whatsapp/${conn.id}`)).body.status === 'CONNECTED');
    const queue = (await admin.call('GET', '/queue')).body.find((q: { name: string }) => q.name === 'Atendimento');
    expect(conn.queueIds).toEqual([queue.id]);
    expect((await agent.call('GET', '/auth/me')).body.queueIds).toContain(queue.id);

    const from = `55119555${String(Date.now()).slice(-5)}`;
    expect((await admin.call('POST', `/sandbox/${conn.id}/inbound`, { body: { from, name: 'Cliente da Demo', body: 'Olá, quero ajuda' } })).status).toBe(202);
    const row = await until('the ticket in the agent\'s Aguardando list', async () => {
      const list = (await agent.call('GET', '/tickets?status=pending')).body.tickets as { contact: { number: string }; queueId: number | null; status: string }[];
      return list.find((t) => t.contact.number === from);
    });
    expect(row).toMatchObject({ status: 'pending', queueId: queue.id });
  });
});
