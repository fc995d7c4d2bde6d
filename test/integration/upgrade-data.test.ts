/**
 * A table written by an older version is brought up to date at start
 * (functions/src/adapters/db/upgrade-data.ts): the search index's one-ticket items become bits
 * of blocks, tickets get their roster entry in the partition of their status; later starts skip the work.
 * It runs on a table of its own: the upgrade Scans the whole table, and the shared stack's table has
 * grown by this point of the suite (a Scan of it once took over a minute in CI).
 */
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, resetDbClient, table } from '../../functions/src/adapters/db/client';
import { TABLE } from '../../functions/src/adapters/db/table-def';
import { resetEnvCache } from '../../functions/src/lib/config';
import { localDynamoClient } from '../../infra/local/dynamodb-local';
import { ensureTable } from '../../infra/local/table-setup';
import { blockKey, blockOf, hasEntry, putEntries, searchPartition, storedBlock, type Source } from '../../functions/src/adapters/db/search-index';
import { rosterRange, ticketKey } from '../../functions/src/adapters/db/tickets';
import { upgradeData } from '../../functions/src/adapters/db/upgrade-data';

const cid = 700_000 + Math.floor(Math.random() * 100_000);
const old = (token: string, ticketId: number, source: Source) => ({ PK: searchPartition(cid, token), SK: `${String(ticketId).padStart(10, '0')}#${source}` });
const has = async (token: string, ticketId: number, source: Source) => {
  const item = (await db().send(new GetCommand({ TableName: table(), Key: blockKey(cid, token, blockOf(ticketId)), ConsistentRead: true }))).Item;
  return hasEntry(item ? storedBlock(item) : undefined, { token, ticketId, source });
};
const leftOld = async (token: string) =>
  (await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': searchPartition(cid, token) }, ConsistentRead: true }))).Items?.filter((i) => !String(i.SK).startsWith('B#')).length;

const shared = process.env.TABLE_NAME;
const own = `conversa-upgrade-${cid}`;
const local = () => localDynamoClient(process.env.DYNAMODB_ENDPOINT!, 30_000);
const useTable = (name: string | undefined) => {
  process.env.TABLE_NAME = name;
  resetEnvCache();
  resetDbClient();
};

beforeAll(async () => {
  await ensureTable(local(), own, { ...TABLE, stream: undefined });
  useTable(own);
});
afterAll(async () => {
  useTable(shared);
  await local().send(new DeleteTableCommand({ TableName: own }));
});

describe('data upgrade', () => {
  it('moves the old one-ticket items into blocks, beside bits already there, and tickets into their status roster, once', async () => {
    expect(table()).toBe(own);
    const items = [old('legado', 3, 't'), old('legado', 1_500, 'n'), old('legado', 1_500, 't'), old('outra', 3, 't')];
    await db().send(new BatchWriteCommand({ RequestItems: { [table()]: items.map((Item) => ({ PutRequest: { Item } })) } }));
    // A block the new indexer wrote already: its bits stay.
    await putEntries(cid, [{ token: 'legado', ticketId: 7, source: 't' }]);
    // Tickets of the roster before it was split by status, and from before the roster.
    const ticket = (id: number, status: string, roster: Record<string, string>) => ({ ...ticketKey(cid, id), entity: 'ticket', id, companyId: cid, status, queueId: 2, userId: null, isGroup: false, ...roster });
    const tickets = [ticket(3, 'open', { GSI4PK: `C#${cid}#TROSTER`, GSI4SK: '0000000003' }), ticket(4, 'closed', {})];
    await db().send(new BatchWriteCommand({ RequestItems: { [table()]: tickets.map((Item) => ({ PutRequest: { Item } })) } }));
    expect((await rosterRange(cid, 1, 10)).size).toBe(0);

    const out = await upgradeData();
    expect(out.skipped).toBe(false);
    expect(out.converted).toBeGreaterThanOrEqual(items.length);
    expect(out.rostered).toBeGreaterThanOrEqual(2);
    expect([...(await rosterRange(cid, 1, 10, ['open'])).values()]).toEqual([{ id: 3, status: 'open', queueId: 2, userId: null, isGroup: false }]);
    expect([...(await rosterRange(cid, 1, 10, ['closed'])).keys()]).toEqual([4]);
    expect(await has('legado', 3, 't')).toBe(true);
    expect(await has('legado', 7, 't')).toBe(true);
    expect(await has('legado', 1_500, 'n')).toBe(true);
    expect(await has('legado', 1_500, 't')).toBe(true);
    expect(await has('legado', 3, 'n')).toBe(false);
    expect(await has('outra', 3, 't')).toBe(true);
    expect(await leftOld('legado')).toBe(0);
    expect(await leftOld('outra')).toBe(0);

    expect(await upgradeData()).toEqual({ converted: 0, rostered: 0, skipped: true });
  });
});
