/**
 * The sandbox channel end to end through the session host child process of the local stack:
 * QR, scan, a customer writes, the agent sees it live, replies, and the phone's acks advance.
 */
import { describe, expect, it } from 'vitest';
import { getMessage } from '../../functions/src/adapters/db/messages';
import { newCompany } from '../support/api';
import { openSocket } from '../support/socket';
import { pairSandbox, until } from '../support/sandbox';

describe('sandbox channel', () => {
  it('pairs, brings a customer message in live, sends the reply to the phone with acks up to read', async () => {
    const { admin, companyId } = await newCompany();
    // The socket first: the host may show the QR the moment the connection exists.
    const socket = await openSocket(admin.token!);
    const conn = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox', channel: 'sandbox' } })).body;
    await pairSandbox(admin, conn.id);
    const qrEvent = socket.events.find((e) => e.channel === `company-${companyId}-whatsappSession` && (e.data.session as { status: string }).status === 'qrcode');
    expect((qrEvent?.data.session as { qrcode: string }).qrcode).toMatch(/^conversa-sandbox:/);

    const played = await admin.call('POST', `/sandbox/${conn.id}/inbound`, { body: { from: '5511987650000', name: 'Maria Cliente', body: 'Olá, quero um orçamento' } });
    expect(played.status).toBe(202);
    const created = await socket.waitFor((e) => e.channel === `company-${companyId}-appMessage` && e.data.action === 'create', 20_000);
    const ticket = created.data.ticket as { id: number; status: string };
    expect(ticket.status).toBe('pending');
    expect(created.data.message).toMatchObject({ body: 'Olá, quero um orçamento', fromMe: false });
    expect(created.data.contact).toMatchObject({ name: 'Maria Cliente', number: '5511987650000' });

    // The same channel id played again is a duplicate delivery: nothing new is stored.
    await admin.call('POST', `/sandbox/${conn.id}/inbound`, { body: { from: '5511987650000', name: 'Maria Cliente', body: 'Olá de novo', id: 'DUP1' } });
    await admin.call('POST', `/sandbox/${conn.id}/inbound`, { body: { from: '5511987650000', name: 'Maria Cliente', body: 'Olá de novo', id: 'DUP1' } });

    const reply = await admin.call('POST', `/messages/${ticket.id}`, { body: { body: 'Claro! Qual produto?' } });
    expect(reply.status).toBe(201);
    const outbox = await until('the reply read on the phone', async () => {
      const box = (await admin.call('GET', `/sandbox/${conn.id}/outbox`)).body;
      const item = box.items.find((i: { body: string }) => i.body.endsWith('Claro! Qual produto?'));
      return item?.ack === 3 ? box : undefined;
    });
    expect(outbox.items).toHaveLength(1);
    expect(outbox.items[0].to).toBe('5511987650000');
    await socket.waitFor((e) => e.channel.endsWith('-appMessage') && e.data.action === 'update' && (e.data.message as { id: string; ack: number }).id === reply.body.id && (e.data.message as { ack: number }).ack === 3);
    // Events carry the MessageView (no channel ids): the stored message knows the phone's id.
    expect((await getMessage(companyId, ticket.id, reply.body.id))?.externalId).toMatch(/^SBX/);
    const inboundCount = socket.events.filter((e) => e.channel.endsWith('-appMessage') && e.data.action === 'create' && !(e.data.message as { fromMe: boolean }).fromMe).length;
    expect(inboundCount).toBe(2);
    socket.close();
  }, 90_000);
});
