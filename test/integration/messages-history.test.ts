/**
 * A returning customer's history (issue 18 inbox item 3, spec 1 §2 'conversation closed/started'
 * separators): past a ticket's first message, GET /messages pages on into the contact's earlier
 * tickets, newest first; a history cursor is followed only for an earlier ticket of the same contact.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { newCompany, type Client } from '../support/api';
import { runInbound, text } from '../support/inbound';

let admin: Client;
let companyId: number;
let wid: number;

async function ticketOf(from: string): Promise<{ id: number }> {
  const list = await admin.call('GET', '/tickets?status=pending&showAll=true&limit=100');
  return list.body.tickets.find((t: { contact: { number: string } }) => t.contact.number === from);
}

async function say(from: string, ...bodies: string[]) {
  for (const b of bodies) await runInbound([text(companyId, wid, from, b)]);
}

beforeAll(async () => {
  ({ admin, companyId } = await newCompany());
  wid = (await admin.call('POST', '/whatsapp', { body: { name: 'Histórico', channel: 'sandbox' } })).body.id;
});

describe('a returning customer', () => {
  it('shows the earlier tickets above the current one, page by page, newest first', async () => {
    const maria = '5511966660001';
    await say(maria, 'primeira conversa 1', 'primeira conversa 2');
    const first = await ticketOf(maria);
    expect((await admin.call('PUT', `/tickets/${first.id}`, { body: { status: 'closed', justClose: true } })).status).toBe(200);
    await say(maria, 'segunda conversa');
    const second = await ticketOf(maria);
    expect((await admin.call('PUT', `/tickets/${second.id}`, { body: { status: 'closed', justClose: true } })).status).toBe(200);
    await say(maria, 'terceira conversa 1', 'terceira conversa 2', 'terceira conversa 3');
    const third = await ticketOf(maria);
    expect(new Set([first.id, second.id, third.id]).size).toBe(3);
    // Another customer's ticket in between: never part of Maria's history.
    await say('5511966660002', 'outra pessoa');

    const pages: { ticketId: number; body: string }[][] = [];
    let cursor: string | undefined;
    do {
      const res = await admin.call('GET', `/messages/${third.id}?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      pages.push(res.body.messages.map((m: { ticketId: number; body: string }) => ({ ticketId: m.ticketId, body: m.body })));
      cursor = res.body.hasMore ? res.body.cursor : undefined;
    } while (cursor && pages.length < 10);
    // Read as the screen shows them: older pages above.
    const shown = pages.reverse().flat();
    expect(shown).toEqual([
      { ticketId: first.id, body: 'primeira conversa 1' },
      { ticketId: first.id, body: 'primeira conversa 2' },
      { ticketId: second.id, body: 'segunda conversa' },
      { ticketId: third.id, body: 'terceira conversa 1' },
      { ticketId: third.id, body: 'terceira conversa 2' },
      { ticketId: third.id, body: 'terceira conversa 3' },
    ]);
  });

  it('refuses a history cursor naming another contact\'s ticket, a later ticket, or a made-up one', async () => {
    await say('5511966660003', 'a');
    const a = await ticketOf('5511966660003');
    await say('5511966660004', 'b');
    const b = await ticketOf('5511966660004');
    const h = (t: number) => `h${Buffer.from(JSON.stringify({ t })).toString('base64url')}`;
    for (const cursor of [h(a.id), h(b.id + 1000), 'hnot-json', h(-1)]) {
      const res = await admin.call('GET', `/messages/${b.id}?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
    }
    // A ticket of one message with no earlier ticket: nothing more to load.
    expect((await admin.call('GET', `/messages/${b.id}`)).body).toMatchObject({ hasMore: false });
  });
});
