/**
 * The tickets search (GET /tickets?searchParam=…) over the search index the table's stream writes
 * (functions/src/workers/search-index.ts): message words, the contact's name and number, accents
 * and case folded, word prefixes, AND of words, newest ticket first with cursor pages, the list's
 * visibility and filters, a renamed contact, tenant isolation, and a redelivered batch.
 */
import type { Context, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, table } from '../../functions/src/adapters/db/client';
import { blockKey, blockOf, hasEntry, storedBlock } from '../../functions/src/adapters/db/search-index';
import { indexJobs } from '../../functions/src/domain/search/index-tickets';
import { handler } from '../../functions/src/workers/search-index';
import { runInbound, text } from '../support/inbound';
import { inbox, type Inbox } from './tickets-helpers';

let x: Inbox;
const ids = (res: { body: { tickets: { id: number }[] } }) => res.body.tickets.map((t) => t.id);
const search = (client: Inbox['admin'], q: string, extra = '') => client.call('GET', `/tickets?searchParam=${encodeURIComponent(q)}${extra}`);
/** The index is written from the stream, a moment after the message: ask until it answers. */
const eventually = (client: Inbox['admin'], q: string, extra: string, want: number[]) =>
  expect.poll(async () => ids(await search(client, q, extra)), { timeout: 15_000, interval: 250 }).toEqual(want);
/** A ticket's sources under a token, and the version of its block (how often the block was written). */
const entries = async (cid: number, token: string, ticketId: number) => {
  const key = blockKey(cid, token, blockOf(ticketId));
  const item = (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
  const block = item ? storedBlock(item) : undefined;
  return { sources: (['t', 'n'] as const).filter((source) => hasEntry(block, { token, ticketId, source })), v: item?.v };
};

beforeAll(async () => {
  x = await inbox();
}, 60_000);

describe('tickets search', () => {
  it('finds message words and contact names by prefix, accents and case folded, AND of words, newest ticket first', async () => {
    const a = await x.customer({ queueId: 1, name: 'Graciliano Ramos', body: 'Preciso de um ORÇAMENTO para a geladeira' });
    const b = await x.customer({ queueId: 2, name: 'Graciela Souza', body: 'O orçamento da máquina chegou?' });
    const c = await x.customer({ queueId: 2, name: 'Teodoro Lima', body: 'Quero trocar a geladeira' });

    await eventually(x.admin, 'orcamento', '&showAll=true', [b.id, a.id]);
    expect(ids(await search(x.admin, 'Orçam', '&showAll=true'))).toEqual([b.id, a.id]);
    expect(ids(await search(x.admin, 'GELADEIRA', '&showAll=true'))).toEqual([c.id, a.id]);
    // Every word must be on the ticket, in the messages or the contact's name.
    expect(ids(await search(x.admin, 'orçamento geladeira', '&showAll=true'))).toEqual([a.id]);
    expect(ids(await search(x.admin, 'graci orçamento', '&showAll=true'))).toEqual([b.id, a.id]);
    expect(ids(await search(x.admin, 'gracieLA', '&showAll=true'))).toEqual([b.id]);
    expect(ids(await search(x.admin, 'teodoro geladeira', '&showAll=true'))).toEqual([c.id]);
    expect(ids(await search(x.admin, 'teodoro orçamento', '&showAll=true'))).toEqual([]);
    // Under three characters (or only stop-words) the search lists nothing.
    expect((await search(x.admin, 'or', '&showAll=true')).body).toMatchObject({ tickets: [], hasMore: false });
    expect(ids(await search(x.admin, 'para', '&showAll=true'))).toEqual([]);

    // A message written later adds its words to the ticket.
    const number = (await x.admin.call('GET', `/tickets/${c.id}`)).body.contact.number as string;
    await runInbound([text(x.companyId, x.conn.id, number, 'e também um fogão')]);
    await eventually(x.admin, 'fogao', '&showAll=true', [c.id]);
    // The number, whole or without the country code, from five digits.
    expect(ids(await search(x.admin, number, '&showAll=true'))).toEqual([c.id]);
    expect(ids(await search(x.admin, number.slice(2), '&showAll=true'))).toEqual([c.id]);
  });

  it('keeps the visibility rule and the other filters', async () => {
    const q1 = await x.customer({ queueId: 1, body: 'problema com a fatura xilofone' });
    const q2 = await x.customer({ queueId: 2, body: 'fatura xilofone em atraso' });
    await eventually(x.admin, 'xilofone', '&showAll=true', [q2.id, q1.id]);
    // Agents see their queues' tickets only.
    expect(ids(await search(x.a1.client, 'xilofone'))).toEqual([q1.id]);
    expect(ids(await search(x.b.client, 'xilofone fatura'))).toEqual([q2.id]);
    // Status and queue filters apply to the search.
    await x.b.client.call('PUT', `/tickets/${q2.id}`, { body: { status: 'open' } });
    expect(ids(await search(x.admin, 'xilofone', '&showAll=true&status=open'))).toEqual([q2.id]);
    expect(ids(await search(x.admin, 'xilofone', '&showAll=true&status=pending'))).toEqual([q1.id]);
    expect(ids(await search(x.admin, 'xilofone', '&showAll=true&queueIds=1'))).toEqual([q1.id]);
  });

  it('filters many candidates on the tickets roster, which follows transfers and status changes', async () => {
    // Eight tickets in a row (dense ids: the roster is read before the tickets), alternating queues.
    const made: { id: number; queueId: number }[] = [];
    for (let i = 0; i < 8; i++) {
      const queueId = (i % 2) + 1;
      made.push({ id: (await x.customer({ queueId, body: `ocarina pedido ${i}` })).id, queueId });
    }
    const newestFirst = (qid?: number) => made.filter((m) => qid === undefined || m.queueId === qid).map((m) => m.id).reverse();
    await eventually(x.admin, 'ocarina', '&showAll=true&limit=100', newestFirst());
    expect(ids(await search(x.admin, 'ocarina', '&showAll=true&queueIds=2&limit=100'))).toEqual(newestFirst(2));
    expect(ids(await search(x.a1.client, 'ocarina', '&limit=100'))).toEqual(newestFirst(1));
    // Pages by cursor: the cursor carries the share the filter kept (one in two), which sizes the next page's first round.
    const walked: number[] = [];
    let cursor: string | undefined;
    do {
      const res: { status: number; body: any } = await search(x.admin, 'ocarina', `&showAll=true&queueIds=2&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      walked.push(...ids(res));
      cursor = res.body.hasMore ? res.body.cursor : undefined;
      if (cursor) expect(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')).k).toSatisfy((k: number) => k >= 0.5 && k <= 0.67);
    } while (cursor);
    expect(walked).toEqual(newestFirst(2));
    // A transfer and an accept change what the roster says at once.
    const moved = made.find((m) => m.queueId === 2)!;
    await x.admin.call('PUT', `/tickets/${moved.id}`, { body: { queueId: 1 } });
    moved.queueId = 1;
    expect(ids(await search(x.admin, 'ocarina', '&showAll=true&queueIds=1&limit=100'))).toEqual(newestFirst(1));
    expect(ids(await search(x.a1.client, 'ocarina', '&limit=100'))).toEqual(newestFirst(1));
    await x.a1.client.call('PUT', `/tickets/${moved.id}`, { body: { status: 'open' } });
    expect(ids(await search(x.admin, 'ocarina', '&showAll=true&status=open&limit=100'))).toEqual([moved.id]);
    expect(ids(await search(x.admin, 'ocarina', '&showAll=true&status=pending&limit=100'))).toEqual(newestFirst().filter((id) => id !== moved.id));
  });

  it('a selective filter gathers candidates until the roster has passed a page of them', async () => {
    // Twelve tickets in a row, one in four on queue 2: a page of two needs two gathers of candidates.
    const made: { id: number; queueId: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const queueId = i % 4 === 0 ? 2 : 1;
      made.push({ id: (await x.customer({ queueId, body: `bandolim ${i}` })).id, queueId });
    }
    const q2 = made.filter((m) => m.queueId === 2).map((m) => m.id).reverse();
    await eventually(x.admin, 'bandolim', '&showAll=true&limit=100', made.map((m) => m.id).reverse());
    const first = await search(x.admin, 'bandolim', '&showAll=true&queueIds=2&limit=2');
    expect(ids(first)).toEqual(q2.slice(0, 2));
    expect(first.body.hasMore).toBe(true);
    const rest = await search(x.admin, 'bandolim', `&showAll=true&queueIds=2&limit=2&cursor=${first.body.cursor}`);
    expect(ids(rest)).toEqual(q2.slice(2));
  });

  it('pages by cursor, newest ticket first, without gaps or repeats', async () => {
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push((await x.customer({ queueId: 1, body: `pedido zarabatana número ${i}` })).id);
    await eventually(x.admin, 'zarabatana', '&showAll=true&limit=100', [...made].reverse());
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const res: { status: number; body: any } = await search(x.admin, 'zarabatana pedido', `&showAll=true&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...ids(res));
      cursor = res.body.hasMore ? res.body.cursor : undefined;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
    // The words' densities in a cursor are hints: malformed ones, or one per word too few, are ignored.
    const hinted = (d: unknown) => Buffer.from(JSON.stringify({ sid: made[2]!, d })).toString('base64url');
    for (const d of [['x'], [0.5], [2, 0.5], 'many']) {
      const res = await search(x.admin, 'zarabatana pedido', `&showAll=true&limit=10&cursor=${hinted(d)}`);
      expect(res.status).toBe(200);
      expect(ids(res)).toEqual(made.slice(0, 2).reverse());
    }
    // A list cursor is not a search cursor.
    const list = await x.admin.call('GET', '/tickets?status=pending&showAll=true&limit=1');
    expect((await search(x.admin, 'zarabatana', `&showAll=true&cursor=${list.body.cursor}`)).status).toBe(400);
  });

  it("a renamed contact is found by the new name, not the old one", async () => {
    const t = await x.customer({ queueId: 1, name: 'Hermenegildo Antigo' });
    await eventually(x.admin, 'hermenegildo', '&showAll=true', [t.id]);
    const renamed = await x.admin.call('PUT', `/contacts/${t.contactId}`, { body: { name: 'Wolfgang Novo' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await eventually(x.admin, 'wolfgang', '&showAll=true', [t.id]);
    expect(ids(await search(x.admin, 'hermenegildo', '&showAll=true'))).toEqual([]);
  });

  it("another company's tickets are never found", async () => {
    const mine = await x.customer({ queueId: 1, body: 'palavra quimera secreta' });
    await eventually(x.admin, 'quimera', '&showAll=true', [mine.id]);
    const other = await inbox();
    const theirs = await other.customer({ body: 'outra quimera' });
    await eventually(other.admin, 'quimera', '&showAll=true', [theirs.id]);
    expect(ids(await search(x.admin, 'quimera', '&showAll=true'))).toEqual([mine.id]);
  });

  it('a batch handed over again writes the same items; words already on the ticket are not written again', async () => {
    const cid = x.companyId;
    const ticketId = 900_000 + Math.floor(Math.random() * 1000);
    const rec = (n: number, body: string): DynamoDBRecord => ({
      eventID: `ev-${ticketId}-${n}`,
      eventName: 'INSERT',
      dynamodb: { SequenceNumber: String(n), NewImage: { entity: { S: 'message' }, companyId: { N: String(cid) }, ticketId: { N: String(ticketId) }, body: { S: body } } },
    });
    // Words sharing prefixes (ped: pedido, pedal) in one batch.
    const batch = [rec(1, 'Ornitorrinco azul'), rec(2, 'ornitorrinco pedido'), rec(3, 'pedal')];
    const run = () => handler({ Records: batch } as DynamoDBStreamEvent, {} as Context) as Promise<{ batchItemFailures: unknown[] }>;
    expect((await run()).batchItemFailures).toEqual([]);
    const first = await entries(cid, 'ornitorr', ticketId);
    expect(first).toEqual({ sources: ['t'], v: 1 });
    expect((await entries(cid, 'orn', ticketId)).sources).toEqual(['t']);
    // pedido and pedal share 'ped' and 'peda'/'pedi' differ: one write of 'ped' for both.
    expect(await entries(cid, 'ped', ticketId)).toEqual({ sources: ['t'], v: 1 });
    expect((await entries(cid, 'pedal', ticketId)).sources).toEqual(['t']);
    expect((await entries(cid, 'azu', ticketId)).sources).toEqual(['t']);
    expect((await entries(cid, 'verde', ticketId)).sources).toEqual([]);
    expect((await run()).batchItemFailures).toEqual([]);
    // Handed over again: every bit is set already, so no block is written.
    expect(await entries(cid, 'ornitorr', ticketId)).toEqual(first);
    expect(await entries(cid, 'ped', ticketId)).toEqual({ sources: ['t'], v: 1 });
    // Known words cost a marker read and no write; a new word writes its prefixes.
    expect(await indexJobs([{ kind: 'message', companyId: cid, ticketId, body: 'ornitorrinco azul' }])).toEqual({ words: 2, written: 0 });
    expect(await indexJobs([{ kind: 'message', companyId: cid, ticketId, body: 'ornitorrinco verde' }])).toEqual({ words: 2, written: 3 });
  });
});
