/**
 * GET /messages/{ticketId} pages, POST /messages/{ticketId} rules (variables, signature, quotes,
 * forwards, visibility) and GET /messages-allMe totals, on the local stack.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { newMessageId, putMessageOnce, type Message } from '../../functions/src/adapters/db/messages';
import { putMedia } from '../../functions/src/adapters/media';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';
import { keys } from '../../functions/src/adapters/db/keys';
import { messageRef } from '../../shared/src/schemas/messages';
import { PASSWORD, newCompany, signedIn, unique } from '../support/api';
import { runInbound, text } from '../support/inbound';
import { queryPartition } from '../support/db';
import { tenantWithAgent } from '../support/tenants';

type Co = Awaited<ReturnType<typeof tenantWithAgent>>;
let co: Co;

function seeded(t: Co['tenant'], i: number, at: number, over: Partial<Message> = {}): Message {
  const iso = new Date(at).toISOString();
  return { id: newMessageId(at), companyId: t.companyId, ticketId: t.ticketId, contactId: t.contactId, whatsappId: t.whatsappId, body: `mensagem ${i}`, fromMe: i % 2 === 0, ack: 3, isDeleted: false, isEdited: false, isForwarded: false, read: true, createdAt: iso, updatedAt: iso, ...over };
}

beforeAll(async () => {
  co = await tenantWithAgent();
});

describe('GET /messages/{ticketId}', () => {
  it('pages newest first, each page in order, with quotes from outside the page and readable media URLs', async () => {
    const c = await tenantWithAgent();
    const t = c.tenant;
    const start = Date.now() - 3_600_000;
    const msgs = Array.from({ length: 70 }, (_, i) => seeded(t, i, start + i * 1000));
    const png = Buffer.from('89504e470d0a1a0a00000000deadbeef', 'hex');
    const mediaKey = `companies/${t.companyId}/media/${t.whatsappId}/seeded-image`;
    await putMedia(mediaKey, png, 'image/png', 'foto.png');
    msgs[65] = { ...msgs[65]!, mediaType: 'image', mediaKey, mimetype: 'image/png', filename: 'foto.png', body: '' };
    msgs[60] = { ...msgs[60]!, quotedMsgId: msgs[2]!.id };
    msgs[61] = { ...msgs[61]!, quotedMsgId: msgs[59]!.id };
    for (const m of msgs) await putMessageOnce(m);

    const p1 = await c.admin.call('GET', `/messages/${t.ticketId}`);
    expect(p1.status).toBe(200);
    // 70 seeded + the customer's first message (newest), 30 a page.
    expect(p1.body.messages).toHaveLength(30);
    expect(p1.body.hasMore).toBe(true);
    expect(p1.body.messages.at(-1).id).toBe(t.messageId);
    expect(p1.body.messages.slice(0, -1).map((m: { body: string }) => m.body)).toEqual(msgs.slice(41).map((m) => m.body));
    expect(p1.body.ticket).toMatchObject({ id: t.ticketId, contact: { id: t.contactId } });
    const byId = new Map(p1.body.messages.map((m: { id: string }) => [m.id, m]));
    expect((byId.get(msgs[60]!.id) as any).quotedMsg).toMatchObject({ id: msgs[2]!.id, body: 'mensagem 2', fromMe: true });
    expect((byId.get(msgs[61]!.id) as any).quotedMsg).toMatchObject({ id: msgs[59]!.id, body: 'mensagem 59', fromMe: false });
    const image = byId.get(msgs[65]!.id) as any;
    expect(image).toMatchObject({ mediaType: 'image', mimetype: 'image/png', filename: 'foto.png' });
    const blob = await fetch(image.mediaUrl);
    expect(blob.status).toBe(200);
    expect(Buffer.from(await blob.arrayBuffer()).equals(png)).toBe(true);
    expect(new URL(image.mediaUrl).searchParams.get('X-Amz-Expires')).toBe('600');

    const p2 = await c.admin.call('GET', `/messages/${t.ticketId}?cursor=${p1.body.cursor}`);
    expect(p2.body.messages.map((m: { body: string }) => m.body)).toEqual(msgs.slice(11, 41).map((m) => m.body));
    expect(p2.body.ticket).toBeUndefined();
    const p3 = await c.admin.call('GET', `/messages/${t.ticketId}?cursor=${p2.body.cursor}&limit=40`);
    expect(p3.body.messages.map((m: { body: string }) => m.body)).toEqual(msgs.slice(0, 11).map((m) => m.body));
    expect(p3.body.hasMore).toBe(false);
  });

  it('answers only tickets the caller may see; a cursor of another ticket is not followed', async () => {
    const { agent, admin, tenant } = co;
    const denied = await agent.call('GET', `/messages/${tenant.ticketId}`);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('ERR_NO_PERMISSION');
    expect((await admin.call('GET', '/messages/999999')).body.error).toBe('ERR_NO_TICKET_FOUND');
    // The page is read beside the ticket's check, but the ticket's answer comes first.
    expect((await agent.call('GET', `/messages/${tenant.ticketId}?cursor=not-a-cursor`)).body.error).toBe('ERR_NO_PERMISSION');
    expect((await admin.call('GET', '/messages/999999?cursor=not-a-cursor')).body.error).toBe('ERR_NO_TICKET_FOUND');
    const foreign = Buffer.from(JSON.stringify({ PK: `C#${tenant.companyId + 1}#MSGS#1`, SK: 'zzz' })).toString('base64url');
    const page = await admin.call('GET', `/messages/${tenant.ticketId}?cursor=${foreign}`);
    expect(page.status).toBe(200);
    expect(page.body.messages.map((m: { id: string }) => m.id)).toContain(tenant.messageId);
  });
});

describe('POST /messages/{ticketId}', () => {
  it('fills the message variables, then signs', async () => {
    const { admin, tenant } = co;
    const res = await admin.call('POST', `/messages/${tenant.ticketId}`, { body: { body: '{{greeting}}, {{firstName}}! Protocolo {{protocol}}, ticket {{ticketId}}, {{ name }} {{desconhecida}}' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.body).toMatch(new RegExp(`^\\*Admin Teste\\*:\\n(Bom dia|Boa tarde|Boa noite), Cliente! Protocolo \\d{8}${tenant.ticketId}, ticket ${tenant.ticketId}, Cliente 1111 \\{\\{desconhecida\\}\\}$`));
    expect(res.body).toMatchObject({ fromMe: true, ack: 0, userId: tenant.adminId, transcription: null, mediaUrl: null });
  });

  it('quotes a message of the ticket, and only of the ticket', async () => {
    const { admin, tenant } = co;
    const res = await admin.call('POST', `/messages/${tenant.ticketId}`, { body: { body: 'Respondendo', quotedMsgId: tenant.messageId } });
    expect(res.status).toBe(201);
    expect(res.body.quotedMsg).toMatchObject({ id: tenant.messageId, body: 'Olá, preciso de ajuda', fromMe: false, contactName: 'Cliente 1111' });
    const missing = await admin.call('POST', `/messages/${tenant.ticketId}`, { body: { body: 'x', quotedMsgId: 'naoexiste1' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('ERR_NO_MESSAGE_FOUND');
  });

  it('forwards a message of another ticket the agent may see: text copied as it was, marked forwarded, not signed', async () => {
    const { admin, tenant } = co;
    await runInbound([text(tenant.companyId, tenant.whatsappId, '5511900002222', 'Outro cliente aqui')]);
    const tickets = await queryPartition(`C#${tenant.companyId}#TICKETS`);
    const second = tickets.find((x) => x.id !== tenant.ticketId)!;
    const res = await admin.call('POST', `/messages/${second.id}`, { body: { forwardOf: `${tenant.ticketId}_${tenant.messageId}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ body: 'Olá, preciso de ajuda', isForwarded: true, fromMe: true, ticketId: second.id });
    const unknown = await admin.call('POST', `/messages/${second.id}`, { body: { forwardOf: `${tenant.ticketId}_naoexiste1` } });
    expect(unknown.body.error).toBe('ERR_NO_MESSAGE_FOUND');

    // A queue-less agent may not see the source ticket (nor the target): refused.
    const email = `${unique()}@example.test`;
    await admin.call('POST', '/users', { body: { name: 'Sem Fila', email, password: PASSWORD } });
    const agent = await signedIn(email);
    expect((await agent.call('POST', `/messages/${second.id}`, { body: { forwardOf: `${tenant.ticketId}_${tenant.messageId}` } })).status).toBe(403);
  });

  it('refuses a body that is neither text, file nor forward', async () => {
    const { admin, tenant } = co;
    const res = await admin.call('POST', `/messages/${tenant.ticketId}`, { body: { body: '  ', isForwarded: true } });
    expect(res.body.error).toBe('ERR_VALIDATION');
  });
});

describe('GET /messages-allMe', () => {
  it('sums the company day counters: sent by agents, received from customers, filtered by direction and range', async () => {
    const c = await tenantWithAgent();
    const t = c.tenant;
    for (const body of ['um', 'dois', 'três']) expect((await c.admin.call('POST', `/messages/${t.ticketId}`, { body: { body } })).status).toBe(201);
    await runInbound([text(t.companyId, t.whatsappId, '5511900001111', 'mais uma')]);
    // The totals come from the table's stream (workers/message-totals.ts): counted within a moment.
    await expect
      .poll(async () => (await c.admin.call('GET', '/messages-allMe')).body.count, { timeout: 15_000, interval: 250 })
      .toEqual([
        { fromMe: true, total: 3 },
        { fromMe: false, total: 2 },
      ]);
    expect((await c.agent.call('GET', '/messages-allMe?fromMe=true')).body.count).toEqual([{ fromMe: true, total: 3 }]);
    expect((await c.admin.call('GET', '/messages-allMe?dateStart=2020-01-01&dateEnd=2020-01-31')).body.count).toEqual([
      { fromMe: true, total: 0 },
      { fromMe: false, total: 0 },
    ]);
    expect((await c.admin.call('GET', '/messages-allMe?dateStart=2020-02-01&dateEnd=2020-01-01')).body.error).toBe('ERR_VALIDATION');
    expect((await c.admin.call('GET', '/messages-allMe?dateStart=2020-13-45')).body.error).toBe('ERR_VALIDATION');
  });
});

describe('edit and delete on a Graph channel', () => {
  it('refuses the edit (the channel cannot change a sent message) and deletes here only', async () => {
    const { admin, companyId } = await newCompany();
    const me = (await admin.call('GET', '/auth/me')).body as { id: number };
    // A Cloud API connection as the Meta login makes it (the Graph itself is not called here).
    const wid = 9;
    const now = new Date().toISOString();
    await db().send(new PutCommand({ TableName: table(), Item: { ...keys.whatsapp(companyId, wid), entity: 'whatsapp', id: wid, companyId, name: 'Cloud', channel: 'wppoficial', status: 'CONNECTED', queueIds: [], isDefault: false, provider: { phoneNumberId: 'PN-EDIT', accessTokenRef: 'plain:tok' }, createdAt: now, updatedAt: now } }));
    await runInbound([text(companyId, wid, '5511933330000', 'Olá pelo canal oficial')]);
    const ticket = (await admin.call('GET', '/tickets?status=pending&showAll=true')).body.tickets[0] as { id: number; contactId: number };
    expect(ticket).toBeDefined();
    const sent: Message = { id: newMessageId(), companyId, ticketId: ticket.id, contactId: ticket.contactId, whatsappId: wid, body: 'Resposta enviada', fromMe: true, userId: me.id, externalId: 'wamid.SENT1', ack: 2, isDeleted: false, isEdited: false, isForwarded: false, read: true, createdAt: now, updatedAt: now };
    await putMessageOnce(sent);
    const ref = messageRef({ ticketId: ticket.id, id: sent.id });

    const edit = await admin.call('PUT', `/messages/${ref}`, { body: { body: 'Resposta corrigida' } });
    expect(edit.status).toBe(409);
    expect(edit.body.error).toBe('ERR_CHANNEL_CANNOT_EDIT');
    const del = await admin.call('DELETE', `/messages/${ref}`);
    expect(del.status).toBe(200);
    const page = (await admin.call('GET', `/messages/${ticket.id}`)).body.messages as { id: string; body: string; isDeleted: boolean; isEdited: boolean }[];
    expect(page.find((m) => m.id === sent.id)).toMatchObject({ body: 'Resposta enviada', isDeleted: true, isEdited: false });
  });
});
