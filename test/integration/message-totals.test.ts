/**
 * The dashboard's message totals from the table's stream (functions/src/workers/message-totals.ts):
 * counted from real message writes through the local stack's stream poller, and exactly once when
 * the event source hands a batch over again (a retry, or a retry that carries more records).
 */
import type { Context, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, table } from '../../functions/src/adapters/db/client';
import { dayItemSK, localDay, statsPK } from '../../functions/src/adapters/db/day-stats';
import { seqKey } from '../../functions/src/domain/messages/message-totals';
import { handler, tally } from '../../functions/src/workers/message-totals';
import { newCompany } from '../support/api';
import { runInbound, text } from '../support/inbound';

let seq = 10_000_000;
function insert(cid: number, fromMe: boolean, at = new Date(), entity = 'message'): DynamoDBRecord {
  const n = String(++seq);
  return {
    eventID: `ev-${n}`,
    eventName: 'INSERT',
    eventSource: 'aws:dynamodb',
    dynamodb: { SequenceNumber: n, NewImage: { entity: { S: entity }, companyId: { N: String(cid) }, fromMe: { BOOL: fromMe }, createdAt: { S: at.toISOString() } } },
  };
}
const run = (records: DynamoDBRecord[]) => handler({ Records: records } as DynamoDBStreamEvent, {} as Context) as Promise<{ batchItemFailures: unknown[] }>;
async function day(cid: number, at = new Date()) {
  const out = await db().send(new GetCommand({ TableName: table(), Key: { PK: statsPK(cid), SK: dayItemSK(localDay(at).day) }, ConsistentRead: true }));
  return { sent: Number(out.Item?.sent ?? 0), received: Number(out.Item?.received ?? 0) };
}

describe('message totals from the stream', () => {
  it('counts what the inbound worker stores, through the local stream poller', async () => {
    const co = await newCompany();
    const conn = await co.admin.call('POST', '/whatsapp', { body: { name: 'Totais', channel: 'sandbox' } });
    expect(conn.status, JSON.stringify(conn.body)).toBe(201);
    const wid = conn.body.id as number;
    await runInbound([text(co.companyId, wid, '5511911112222', 'um'), text(co.companyId, wid, '5511911113333', 'dois')]);
    await expect.poll(() => day(co.companyId), { timeout: 15_000, interval: 200 }).toEqual({ sent: 0, received: 2 });
  });

  it('counts a batch once when it is handed over again, and only the new records of a longer retry', async () => {
    const { companyId: cid } = await newCompany();
    const batch = [insert(cid, false), insert(cid, true), insert(cid, false), insert(cid, false, new Date(), 'ticket')];
    expect((await run(batch)).batchItemFailures).toEqual([]);
    expect(await day(cid)).toEqual({ sent: 1, received: 2 });
    await run(batch);
    expect(await day(cid)).toEqual({ sent: 1, received: 2 });
    const longer = [...batch, insert(cid, true), insert(cid, false)];
    await run(longer);
    expect(await day(cid)).toEqual({ sent: 2, received: 3 });
    await run(longer);
    expect(await day(cid)).toEqual({ sent: 2, received: 3 });
  });

  it('sums per company day and ignores other items and events', () => {
    const yesterday = new Date(Date.now() - 86_400_000);
    const t = tally([insert(1, false), insert(1, false, yesterday), insert(2, true), insert(1, true, new Date(), 'contact'), { ...insert(1, false), eventName: 'MODIFY' }]);
    expect(t).toHaveLength(3);
    expect(t.find((x) => x.cid === 1 && x.day === localDay(new Date()).day)).toMatchObject({ sent: 0, received: 1 });
    expect(t.find((x) => x.cid === 2)).toMatchObject({ sent: 1, received: 0 });
    expect(seqKey('99') < seqKey('100')).toBe(true);
  });
});
