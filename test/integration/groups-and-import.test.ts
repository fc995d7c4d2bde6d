/**
 * Session commands end to end on the sandbox channel, through the local stack's session host
 * child process: a group is created on the phone and its ticket appears, a member's message lands
 * on that ticket; the phone's chats are imported as contacts, a second import creates nothing;
 * requests no session takes are reported as ERR_WAPP_NOT_INITIALIZED.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getGroupRequest, putGroupRequest } from '../../functions/src/adapters/db/group-requests';
import { sendCommand } from '../../functions/src/domain/connections/session-commands';
import { newCompany, type Client } from '../support/api';
import { runInbound } from '../support/inbound';
import { pairSandbox, until } from '../support/sandbox';
import { openSocket } from '../support/socket';
import { seedQueue } from './tickets-helpers';

const ANA = '5511971110001';
const BETO = '5511971110002';

let admin: Client;
let companyId: number;
let adminId: number;
let conn: { id: number };
const contactIds = new Map<string, number>();

type Contact = { id: number; name: string; number: string };
async function contactsByNumber(): Promise<Map<string, Contact>> {
  const list = (await admin.call('GET', '/contacts')).body.contacts as Contact[];
  return new Map(list.map((c) => [c.number, c]));
}

beforeAll(async () => {
  ({ admin, companyId } = await newCompany());
  adminId = (await admin.call('GET', '/auth/me')).body.id;
  await seedQueue(companyId, 1, 'Vendas', '#ff0000');
  conn = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox', channel: 'sandbox', isDefault: true, allowGroups: true } })).body;
  await pairSandbox(admin, conn.id);
  for (const [from, name] of [[ANA, 'Ana Cliente'], [BETO, 'Beto Cliente']] as const) {
    expect((await admin.call('POST', `/sandbox/${conn.id}/inbound`, { body: { from, name, body: 'Olá!' } })).status).toBe(202);
  }
  const known = await until('both customers as contacts', async () => {
    const m = await contactsByNumber();
    return m.has(ANA) && m.has(BETO) ? m : undefined;
  });
  for (const [n, c] of known) contactIds.set(n, c.id);
}, 120_000);

describe('group creation through the session host', () => {
  it('makes the group on the phone and its ticket (open, the requester, the queue); a member writes and it lands there', async () => {
    const socket = await openSocket(admin.token!);
    const body = { contactsAddGroup: [contactIds.get(ANA), contactIds.get(BETO)], titleGroup: 'Equipe Projeto', queueId: 1, whatsappId: conn.id, status: 'open' };
    const asked = await admin.call('POST', '/creatGroupAndTicket', { body });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ requestId: expect.any(String), status: 'pending' });
    const done = await until('the group ticket', async () => {
      const r = await admin.call('GET', `/creatGroupAndTicket/${asked.body.requestId}`);
      return r.body.status === 'pending' ? undefined : r.body;
    });
    expect(done).toEqual({ requestId: asked.body.requestId, status: 'done', ticketId: expect.any(Number), uuid: expect.any(String) });

    const ticket = (await admin.call('GET', `/tickets/u/${done.uuid}`)).body;
    expect(ticket).toMatchObject({ id: done.ticketId, status: 'open', userId: adminId, queueId: 1, isGroup: true, contact: { name: 'Equipe Projeto', isGroup: true } });
    const groupId: string = ticket.contact.number;
    expect(groupId).toMatch(/^120363\d{12}@g\.us$/);
    // The requester heard of it live, like any ticket they may see.
    await socket.waitFor((e) => e.channel === `company-${companyId}-ticket` && e.data.action === 'update' && (e.data.ticket as { id: number }).id === done.ticketId, 10_000);
    socket.close();

    // The phone shows the group it made, with its members.
    const outbox = (await admin.call('GET', `/sandbox/${conn.id}/outbox`)).body.items as { to: string; body: string; group?: { participants: string[] } }[];
    const made = outbox.find((i) => i.to === groupId);
    expect(made).toMatchObject({ body: 'Equipe Projeto' });
    expect([...made!.group!.participants].sort()).toEqual([ANA, BETO]);

    // A member writes in the group: the message lands on the group's ticket, with its sender.
    const wrote = await admin.call('POST', `/sandbox/${conn.id}/inbound`, { body: { from: ANA, name: 'Ana Cliente', body: 'Oi, equipe!', group: { id: groupId, name: 'Equipe Projeto' } } });
    expect(wrote.status).toBe(202);
    const msgs = await until('the member message on the group ticket', async () => {
      const list = (await admin.call('GET', `/messages/${done.ticketId}`)).body.messages as { body: string; participant?: unknown }[];
      return list.some((m) => m.body === 'Oi, equipe!') ? list : undefined;
    });
    expect(msgs.find((m) => m.body === 'Oi, equipe!')).toBeTruthy();

    // The host's answer delivered again (SQS at least once): still one ticket, the same one.
    const again = await runInbound([{ kind: 'command', command: 'createGroup', companyId, whatsappId: conn.id, requestId: asked.body.requestId, chatId: groupId, group: { id: groupId, subject: 'Equipe Projeto' }, timestamp: Date.now() }]);
    expect(again.batchItemFailures).toEqual([]);
    expect((await getGroupRequest(companyId, asked.body.requestId))?.ticketId).toBe(done.ticketId);
    const groups = (await admin.call('GET', '/tickets?status=open&isGroup=true&showAll=true&limit=100')).body.tickets as { id: number; contact: { number: string } }[];
    expect(groups.filter((t) => t.contact.number === groupId).map((t) => t.id)).toEqual([done.ticketId]);
  }, 90_000);

  it('a request no session took in time is ERR_WAPP_NOT_INITIALIZED; the host refuses a command past its deadline; a made group whose answer was lost still gets its ticket', async () => {
    const base = { companyId, whatsappId: conn.id, requestedBy: adminId, subject: 'Tarde demais', participants: [ANA], queueId: 1, userId: adminId, status: 'pending' as const, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() };
    // Nobody ever took it (no command was sent): past the deadline the API says so.
    const stale = { ...base, requestId: randomUUID(), deadline: Date.now() - 10_000 };
    await putGroupRequest(stale);
    const view = (await admin.call('GET', `/creatGroupAndTicket/${stale.requestId}`)).body;
    expect(view).toMatchObject({ status: 'failed', error: 'ERR_WAPP_NOT_INITIALIZED' });

    // The command reaches the host late: it makes no group and records why.
    const late = { ...base, requestId: randomUUID(), deadline: Date.now() - 1 };
    await putGroupRequest(late);
    await sendCommand({ kind: 'command', command: 'createGroup', companyId, whatsappId: conn.id, requestId: late.requestId, deadline: late.deadline, subject: late.subject, participants: late.participants });
    const failed = await until('the host refusal', async () => {
      const r = await getGroupRequest(companyId, late.requestId);
      return r?.status === 'failed' ? r : undefined;
    });
    expect(failed.error).toMatch(/^session unavailable: the request expired/);
    expect(failed.groupId).toBeUndefined();

    // A group the host made whose answer never got applied (its inbound record dead-lettered): the requester's GET makes the ticket.
    const orphan = { ...base, requestId: randomUUID(), deadline: Date.now(), status: 'created' as const, groupId: '120363999999999001@g.us', subject: 'Sem resposta', updatedAt: new Date(Date.now() - 60_000).toISOString() };
    await putGroupRequest(orphan);
    const healed = (await admin.call('GET', `/creatGroupAndTicket/${orphan.requestId}`)).body;
    expect(healed).toMatchObject({ status: 'done', ticketId: expect.any(Number) });
    expect((await admin.call('GET', `/tickets/u/${healed.uuid}`)).body).toMatchObject({ isGroup: true, status: 'open', queueId: 1, contact: { number: orphan.groupId, name: 'Sem resposta' } });

    // Another company's token never sees the request.
    const other = await newCompany();
    expect((await other.admin.call('GET', `/creatGroupAndTicket/${stale.requestId}`)).status).toBe(404);
  }, 60_000);

  it('refuses before asking the session: a connection that drops groups, or one not connected', async () => {
    const body = { contactsAddGroup: [contactIds.get(ANA)], titleGroup: 'Equipe', queueId: 1, whatsappId: conn.id };
    const idle = (await admin.call('POST', '/whatsapp', { body: { name: 'Parada', channel: 'sandbox', allowGroups: true } })).body;
    const down = await admin.call('POST', '/creatGroupAndTicket', { body: { ...body, whatsappId: idle.id } });
    expect(down.status).toBe(409);
    expect(down.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    const noGroups = (await admin.call('POST', '/whatsapp', { body: { name: 'Sem grupos', channel: 'sandbox' } })).body;
    const refused = await admin.call('POST', '/creatGroupAndTicket', { body: { ...body, whatsappId: noGroups.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0].message).toBe('the connection does not accept groups');
    const groupContact = (await contactsByNumber());
    const group = [...groupContact.values()].find((c) => c.number.endsWith('@g.us'))!;
    const withGroup = await admin.call('POST', '/creatGroupAndTicket', { body: { ...body, contactsAddGroup: [group.id] } });
    expect(withGroup.status).toBe(400);
    expect(withGroup.body.issues[0].message).toBe('only phone contacts can join a group');
  });
});

describe('chat import through the session host', () => {
  it('creates the contacts the phone knows and the company lacks; a second import creates nothing', async () => {
    // Beto's contact goes away (ticket closed first); the phone still knows him.
    const tickets = (await admin.call('GET', '/tickets?status=pending&showAll=true&limit=100')).body.tickets as { id: number; contact: { number: string } }[];
    const betoTicket = tickets.find((t) => t.contact.number === BETO)!;
    expect((await admin.call('PUT', `/tickets/${betoTicket.id}`, { body: { status: 'closed', justClose: true } })).status).toBe(200);
    expect((await admin.call('DELETE', `/contacts/${contactIds.get(BETO)}`)).status).toBe(204);
    expect((await contactsByNumber()).has(BETO)).toBe(false);

    const run = async () => {
      const started = await admin.call('POST', '/contacts/import/chats');
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      expect(started.body).toMatchObject({ finished: false, done: 0 });
      return until('the import to finish', async () => {
        const p = (await admin.call('GET', `/contacts/upload/${started.body.jobId}`)).body;
        return p.finished ? p : undefined;
      });
    };
    const first = await run();
    expect(first).toMatchObject({ total: 2, done: 2, created: 1, skipped: 1, errors: [], finished: true });
    expect(first.failure).toBeUndefined();
    const beto = (await contactsByNumber()).get(BETO);
    expect(beto).toMatchObject({ name: 'Beto Cliente', number: BETO });

    const second = await run();
    expect(second).toMatchObject({ total: 2, created: 0, skipped: 2, errors: [], finished: true });
    const all = [...(await contactsByNumber()).values()];
    expect(all.filter((c) => c.number === BETO)).toHaveLength(1);
  }, 90_000);

  it('asks the connection named, and refuses one not connected or without an address book', async () => {
    const idle = (await admin.call('POST', '/whatsapp', { body: { name: 'Parada 2', channel: 'sandbox' } })).body;
    const down = await admin.call('POST', '/contacts/import/chats', { body: { whatsappId: idle.id } });
    expect(down.status).toBe(409);
    expect(down.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect((await admin.call('POST', '/contacts/import/chats', { body: { whatsappId: 999_999 } })).body.error).toBe('ERR_NO_WAPP_FOUND');
    const named = await admin.call('POST', '/contacts/import/chats', { body: { whatsappId: conn.id } });
    expect(named.status).toBe(202);
  });
});
