/**
 * Agent messages end to end through the session host's sandbox phone: a file uploaded by
 * presigned URL arrives on the phone with its name and type, a quoted reply names the quoted
 * message, edits and deletions of a sent message reach the phone, acks advance, and each change
 * reaches the agent's socket as an update.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageRef } from '../../shared/src/schemas/messages';
import { newMessageId, putMessageOnce } from '../../functions/src/adapters/db/messages';
import { sandboxExternalId } from '../../functions/src/adapters/db/sandbox-outbox';
import { PASSWORD, newCompany, signedIn, unique, type Client } from '../support/api';
import { queryPartition } from '../support/db';
import { openSocket } from '../support/socket';
import { pairSandbox, until } from '../support/sandbox';

let admin: Client;
let companyId: number;
let wid: number;
let ticketId: number;
let customerMsgId: string;
let socket: Awaited<ReturnType<typeof openSocket>>;

type OutboxItem = { externalId: string; body: string; ack: number; mediaKey?: string; mediaType?: string; mimetype?: string; filename?: string; mediaSize?: number; quotedExternalId?: string; editedBody?: string; deleted?: boolean };
const outbox = async (): Promise<OutboxItem[]> => (await admin.call('GET', `/sandbox/${wid}/outbox?limit=100`)).body.items;
/** The stored message once the phone has it (externalId set). */
const sentExternalId = (id: string) =>
  until(`message ${id} sent`, async () => {
    const items = await queryPartition(`C#${companyId}#MSGS#${ticketId}`);
    return items.find((m) => m.SK === id)?.externalId as string | undefined;
  });

beforeAll(async () => {
  ({ admin, companyId } = await newCompany());
  wid = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox', channel: 'sandbox' } })).body.id;
  socket = await openSocket(admin.token!);
  await pairSandbox(admin, wid);
  const played = await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from: '5511987654321', name: 'Joana Cliente', body: 'Oi, podem me mandar o catálogo?', id: 'CUSTOMER1' } });
  expect(played.status).toBe(202);
  const created = await socket.waitFor((e) => e.channel === `company-${companyId}-appMessage` && e.data.action === 'create', 20_000);
  ticketId = (created.data.ticket as { id: number }).id;
  customerMsgId = (created.data.message as { id: string }).id;
}, 90_000);
afterAll(() => socket?.close());

describe('agent messages on the sandbox phone', () => {
  it('a file uploaded by presigned URL arrives on the phone with its name, type and bytes; the event carries MessageView and TicketView', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(50_000, 0x41)]);
    const up = await admin.call('POST', '/messages/upload', { body: { filename: 'Catálogo 2025.pdf', mimetype: 'application/pdf', size: pdf.length } });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.key).toMatch(new RegExp(`^companies/${companyId}/uploads/[0-9a-f-]{36}/Catalogo_2025\\.pdf$`));
    const put = await fetch(up.body.url, { method: 'PUT', headers: up.body.headers, body: pdf });
    expect(put.status).toBe(200);

    const sent = await admin.call('POST', `/messages/${ticketId}`, { body: { body: 'Segue o catálogo', media: { key: up.body.key, filename: 'Catálogo 2025.pdf', mimetype: 'application/pdf' } } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ mediaType: 'application', mimetype: 'application/pdf', filename: 'Catálogo 2025.pdf', body: '*Admin Teste*:\nSegue o catálogo' });

    const item = await until('the file read on the phone', async () => (await outbox()).find((i) => i.mediaKey === up.body.key && i.ack === 3));
    expect(item).toMatchObject({ mediaType: 'application', mimetype: 'application/pdf', filename: 'Catálogo 2025.pdf', mediaSize: pdf.length, to: '5511987654321', body: '*Admin Teste*:\nSegue o catálogo' });

    const ev = await socket.waitFor((e) => e.channel === `company-${companyId}-appMessage` && e.data.action === 'create' && (e.data.message as { id: string }).id === sent.body.id);
    expect(ev.data.ticket).toMatchObject({ id: ticketId, contact: { name: 'Joana Cliente', number: '5511987654321' }, whatsapp: { id: wid, channel: 'sandbox' }, lastMessage: '*Admin Teste*:\nSegue o catálogo' });
    const fileUrl = (ev.data.message as { mediaUrl: string }).mediaUrl;
    expect(Buffer.from(await (await fetch(fileUrl)).arrayBuffer()).equals(pdf)).toBe(true);
    // Acks advance to read and reach the socket.
    await socket.waitFor((e) => e.channel.endsWith('-appMessage') && e.data.action === 'update' && (e.data.message as { id: string; ack: number }).id === sent.body.id && (e.data.message as { ack: number }).ack === 3, 10_000);
  }, 60_000);

  it('a forwarded file goes out again with the same file, marked forwarded and unsigned', async () => {
    const page = await admin.call('GET', `/messages/${ticketId}`);
    const file = page.body.messages.find((m: { mediaType: string | null }) => m.mediaType === 'application');
    const fwd = await admin.call('POST', `/messages/${ticketId}`, { body: { forwardOf: messageRef({ ticketId, id: file.id }) } });
    expect(fwd.status, JSON.stringify(fwd.body)).toBe(201);
    expect(fwd.body).toMatchObject({ isForwarded: true, mediaType: 'application', filename: 'Catálogo 2025.pdf', body: file.body });
    const items = await until('the forwarded file on the phone', async () => {
      const box = (await outbox()).filter((i) => i.filename === 'Catálogo 2025.pdf');
      return box.length === 2 ? box : undefined;
    });
    expect(items[1]!.mediaKey).toBe(items[0]!.mediaKey);
    expect(items[1]!.mediaSize).toBe(items[0]!.mediaSize);
  }, 30_000);

  it('a quoted reply names the quoted message on the phone', async () => {
    const sent = await admin.call('POST', `/messages/${ticketId}`, { body: { body: 'Sobre isso:', quotedMsgId: customerMsgId } });
    expect(sent.status).toBe(201);
    const item = await until('the quoted reply on the phone', async () => (await outbox()).find((i) => i.body.endsWith('Sobre isso:')));
    expect(item.quotedExternalId).toBe('CUSTOMER1');
  }, 30_000);

  it('an edit and a deletion of a sent message reach the phone and the socket; the row stays, crossed out', async () => {
    const sent = await admin.call('POST', `/messages/${ticketId}`, { body: { body: 'Preço: R$ 10' } });
    const externalId = await sentExternalId(sent.body.id);
    const ref = messageRef({ ticketId, id: sent.body.id });

    const edited = await admin.call('POST', `/messages/edit/${ref}`, { body: { body: '*Admin Teste*:\nPreço: R$ 12' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ isEdited: true, body: '*Admin Teste*:\nPreço: R$ 12' });
    await until('the edit on the phone', async () => (await outbox()).find((i) => i.externalId === externalId && i.editedBody === '*Admin Teste*:\nPreço: R$ 12'));
    await socket.waitFor((e) => e.channel.endsWith('-appMessage') && e.data.action === 'update' && (e.data.message as { id: string; isEdited: boolean }).id === sent.body.id && (e.data.message as { isEdited: boolean }).isEdited);

    // PUT does the same; a text without the signature is signed like a new message.
    const put = await admin.call('PUT', `/messages/${ref}`, { body: { body: 'Preço: R$ 11' } });
    expect(put.body.body).toBe('*Admin Teste*:\nPreço: R$ 11');
    await until('the second edit on the phone', async () => (await outbox()).find((i) => i.externalId === externalId && i.editedBody === '*Admin Teste*:\nPreço: R$ 11'));

    const deleted = await admin.call('DELETE', `/messages/${ref}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.isDeleted).toBe(true);
    await until('the deletion on the phone', async () => (await outbox()).find((i) => i.externalId === externalId && i.deleted === true));
    await socket.waitFor((e) => e.channel.endsWith('-appMessage') && e.data.action === 'update' && (e.data.message as { id: string; isDeleted: boolean }).id === sent.body.id && (e.data.message as { isDeleted: boolean }).isDeleted);
    const page = await admin.call('GET', `/messages/${ticketId}`);
    expect(page.body.messages.find((m: { id: string }) => m.id === sent.body.id)).toMatchObject({ isDeleted: true, isEdited: true });

    // A deleted message cannot be edited or deleted again.
    expect((await admin.call('POST', `/messages/edit/${ref}`, { body: { body: 'de novo' } })).body.error).toBe('ERR_MESSAGE_NOT_EDITABLE');
    expect((await admin.call('DELETE', `/messages/${ref}`)).body.error).toBe('ERR_MESSAGE_NOT_EDITABLE');
  }, 60_000);

  it("nobody edits or deletes another person's message or a customer's; empty text is refused", async () => {
    const sent = await admin.call('POST', `/messages/${ticketId}`, { body: { body: 'Mensagem do admin' } });
    const ref = messageRef({ ticketId, id: sent.body.id });
    const email = `${unique()}@example.test`;
    expect((await admin.call('POST', '/users', { body: { name: 'Outra Admin', email, password: PASSWORD, profile: 'admin' } })).status).toBe(201);
    const other = await signedIn(email);
    for (const [method, path, body] of [
      ['POST', `/messages/edit/${ref}`, { body: 'não é meu' }],
      ['PUT', `/messages/${ref}`, { body: 'não é meu' }],
      ['DELETE', `/messages/${ref}`, undefined],
    ] as const) {
      const res = await other.call(method, path, { body });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
    }
    const customer = messageRef({ ticketId, id: customerMsgId });
    expect((await admin.call('POST', `/messages/edit/${customer}`, { body: { body: 'alterando o cliente' } })).body.error).toBe('ERR_NO_PERMISSION');
    expect((await admin.call('DELETE', `/messages/${customer}`)).body.error).toBe('ERR_NO_PERMISSION');
    expect((await admin.call('POST', `/messages/edit/${ref}`, { body: { body: '   ' } })).body.error).toBe('ERR_VALIDATION');
    // A file's caption is not edited (text messages only).
    const file = (await admin.call('GET', `/messages/${ticketId}`)).body.messages.find((m: { mediaType: string | null; fromMe: boolean }) => m.mediaType === 'application' && m.fromMe);
    expect((await admin.call('POST', `/messages/edit/${messageRef({ ticketId, id: file.id })}`, { body: { body: 'nova legenda' } })).body.error).toBe('ERR_MESSAGE_NOT_EDITABLE');
    expect((await admin.call('DELETE', `/messages/${ticketId}_naoexiste1`)).body.error).toBe('ERR_NO_MESSAGE_FOUND');
    const page = await admin.call('GET', `/messages/${ticketId}`);
    expect(page.body.messages.find((m: { id: string }) => m.id === sent.body.id)).toMatchObject({ body: '*Admin Teste*:\nMensagem do admin', isEdited: false, isDeleted: false });
  }, 30_000);

  it('message events reach only users who may see the ticket', async () => {
    const email = `${unique()}@example.test`;
    await admin.call('POST', '/users', { body: { name: 'Sem Fila', email, password: PASSWORD } });
    const outsider = await openSocket((await signedIn(email)).token!);
    const sent = await admin.call('POST', `/messages/${ticketId}`, { body: { body: 'Só para quem vê o ticket' } });
    await sentExternalId(sent.body.id);
    await admin.call('DELETE', `/messages/${messageRef({ ticketId, id: sent.body.id })}`);
    await socket.waitFor((e) => e.channel.endsWith('-appMessage') && (e.data.message as { id: string; isDeleted: boolean }).id === sent.body.id && (e.data.message as { isDeleted: boolean }).isDeleted);
    await new Promise((r) => setTimeout(r, 300));
    expect(outsider.events.filter((e) => e.channel.endsWith('-appMessage') || e.channel.endsWith('-ticket'))).toEqual([]);
    outsider.close();
  }, 30_000);

  it('a deletion the phone refuses is shown on the message with the reason', async () => {
    // A message the inbox believes sent, whose id the phone does not know.
    const me = (await admin.call('GET', '/auth/me')).body;
    const [ticket] = (await queryPartition(`C#${companyId}#TICKETS`)).filter((t) => t.id === ticketId);
    const now = new Date().toISOString();
    const ghost = { id: newMessageId(), companyId, ticketId, contactId: ticket!.contactId, whatsappId: wid, body: 'fantasma', fromMe: true, ack: 1, externalId: sandboxExternalId(), isDeleted: false, isEdited: false, isForwarded: false, read: true, userId: me.id, createdAt: now, updatedAt: now };
    await putMessageOnce(ghost);
    const del = await admin.call('DELETE', `/messages/${messageRef({ ticketId, id: ghost.id })}`);
    expect(del.status).toBe(200);
    const failed = await socket.waitFor((e) => e.channel.endsWith('-appMessage') && (e.data.message as { id: string; error: string | null }).id === ghost.id && !!(e.data.message as { error: string | null }).error, 10_000);
    expect((failed.data.message as { error: string }).error).toMatch(/^not deleted on the channel: message SBX\w+ not found on the phone$/);
    expect((failed.data.message as { isDeleted: boolean }).isDeleted).toBe(true);
  }, 30_000);

  it('with the session down, a deletion or edit of a sent message fails with the channel error and changes nothing', async () => {
    const sent = await admin.call('POST', `/messages/${ticketId}`, { body: { body: 'Antes de desconectar' } });
    await sentExternalId(sent.body.id);
    expect((await admin.call('DELETE', `/whatsappsession/${wid}`)).status).toBe(200);
    await until('the session down', async () => (await admin.call('GET', `/whatsapp/${wid}`)).body.status !== 'CONNECTED');
    const ref = messageRef({ ticketId, id: sent.body.id });
    const del = await admin.call('DELETE', `/messages/${ref}`);
    expect(del.status).toBe(502);
    expect(del.body.error).toBe('ERR_DELETE_WAPP_MSG');
    expect((await admin.call('PUT', `/messages/${ref}`, { body: { body: 'editado' } })).body.error).toBe('ERR_SENDING_WAPP_MSG');
    const page = await admin.call('GET', `/messages/${ticketId}`);
    expect(page.body.messages.find((m: { id: string }) => m.id === sent.body.id)).toMatchObject({ isDeleted: false, isEdited: false });
  }, 30_000);
});
