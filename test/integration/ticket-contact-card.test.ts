/**
 * The contact card each ticket keeps for the lists (ACCESS_PATTERNS #74): written with the ticket,
 * refreshed on every ticket of the contact when the contact is edited (the table's stream,
 * workers/ticket-contacts.ts, which also sends the open ones live; the search index follows the same
 * list), and gone with the ticket.
 */
import { describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';
import { contactTicketKey, ticketKey } from '../../functions/src/adapters/db/tickets';
import { queryPartition } from '../support/db';
import { openSocket } from '../support/socket';
import { inbox } from './tickets-helpers';

const item = async (key: Record<string, string>) => (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;

describe('ticket contact card', () => {
  it('is written with the ticket, follows contact edits on every ticket of the contact, and goes with the ticket', async () => {
    const x = await inbox();
    const first = await x.customer({ name: 'Maria Antiga' });
    const stored = await item(ticketKey(x.companyId, first.id));
    expect(stored?.contactCard).toMatchObject({ name: 'Maria Antiga', channel: 'sandbox', isGroup: false });
    expect(await item(contactTicketKey(x.companyId, first.contactId, first.id))).toMatchObject({ ticketId: first.id });

    // A second, closed ticket of the same contact: the edit reaches it too.
    expect((await x.admin.call('PUT', `/tickets/${first.id}`, { body: { status: 'closed', justClose: true } })).status).toBe(200);
    const second = await x.admin.call('POST', '/tickets', { body: { contactId: first.contactId, status: 'open', whatsappId: x.conn.id } });
    expect(second.status).toBe(201);
    expect((await queryPartition(`C#${x.companyId}#CTICKETS#${first.contactId}`)).map((i) => i.ticketId).sort()).toEqual([first.id, second.body.id].sort());

    // The agents who may see the open ticket get it with the new card, live (rows change without a reload).
    const [sees, other] = [await openSocket(x.admin.token!), await openSocket(x.b.client.token!)];
    expect((await x.admin.call('PUT', `/contacts/${first.contactId}`, { body: { name: 'Maria Nova', email: 'maria@example.test' } })).status).toBe(200);
    const live = await sees.waitFor((e) => e.channel === `company-${x.companyId}-ticket` && e.data.action === 'update' && (e.data.ticket as { id: number; contact: { name: string } }).contact.name === 'Maria Nova', 20_000);
    expect((live.data.ticket as { id: number }).id).toBe(second.body.id);
    expect(other.events.filter((e) => e.channel === `company-${x.companyId}-ticket`)).toEqual([]);
    sees.close();
    other.close();
    const names = async () => {
      const [closed, open] = await Promise.all([x.admin.call('GET', '/tickets?status=closed&showAll=true'), x.admin.call('GET', '/tickets?status=open&showAll=true')]);
      return [...closed.body.tickets, ...open.body.tickets].filter((t: { contactId: number }) => t.contactId === first.contactId).map((t: { contact: { name: string; email: string } }) => `${t.contact.name} <${t.contact.email}>`);
    };
    await expect.poll(names, { timeout: 20_000, interval: 250 }).toEqual(['Maria Nova <maria@example.test>', 'Maria Nova <maria@example.test>']);
    expect((await item(ticketKey(x.companyId, first.id)))?.contactCard).toMatchObject({ name: 'Maria Nova', email: 'maria@example.test' });
    // The search index follows the same list: both tickets, the closed one too, are found by the new name; none by the old.
    const found = async (word: string) => ((await x.admin.call('GET', `/tickets?searchParam=${word}&showAll=true`)).body.tickets as { id: number }[]).map((t) => t.id).sort();
    await expect.poll(() => found('nova'), { timeout: 20_000, interval: 250 }).toEqual([first.id, second.body.id].sort());
    expect(await found('antiga')).toEqual([]);

    expect((await x.admin.call('DELETE', `/tickets/${second.body.id}`)).status).toBe(204);
    expect(await item(contactTicketKey(x.companyId, first.contactId, second.body.id))).toBeUndefined();
  }, 60_000);
});
