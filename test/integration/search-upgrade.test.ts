/**
 * A table written before the search index had blocks (one item per word prefix and ticket) is
 * brought up to date at start (functions/src/domain/search/legacy-entries.ts): each old item's bit
 * is set in its block and the item deleted; later starts skip the work.
 */
import { BatchWriteCommand, DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, table } from '../../functions/src/adapters/db/client';
import { blockKey, blockOf, hasEntry, putEntries, searchPartition, type Source } from '../../functions/src/adapters/db/search-index';
import { convertLegacyEntries } from '../../functions/src/domain/search/legacy-entries';

const cid = 700_000 + Math.floor(Math.random() * 100_000);
const old = (token: string, ticketId: number, source: Source) => ({ PK: searchPartition(cid, token), SK: `${String(ticketId).padStart(10, '0')}#${source}` });
const has = async (token: string, ticketId: number, source: Source) => {
  const item = (await db().send(new GetCommand({ TableName: table(), Key: blockKey(cid, token, blockOf(ticketId)), ConsistentRead: true }))).Item;
  return hasEntry(item ? { block: blockOf(ticketId), t: item.t as Uint8Array, n: item.n as Uint8Array } : undefined, { token, ticketId, source });
};
const leftOld = async (token: string) =>
  (await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': searchPartition(cid, token) }, ConsistentRead: true }))).Items?.filter((i) => !String(i.SK).startsWith('B#')).length;

describe('search index upgrade', () => {
  it('moves the old one-ticket items into blocks, beside bits already there, once', async () => {
    await db().send(new DeleteCommand({ TableName: table(), Key: { PK: 'P#UPGRADES', SK: 'search-index-blocks' } }));
    const items = [old('legado', 3, 't'), old('legado', 1_500, 'n'), old('legado', 1_500, 't'), old('outra', 3, 't')];
    await db().send(new BatchWriteCommand({ RequestItems: { [table()]: items.map((Item) => ({ PutRequest: { Item } })) } }));
    // A block the new indexer wrote already: its bits stay.
    await putEntries(cid, [{ token: 'legado', ticketId: 7, source: 't' }]);

    const out = await convertLegacyEntries();
    expect(out.skipped).toBe(false);
    expect(out.converted).toBeGreaterThanOrEqual(items.length);
    expect(await has('legado', 3, 't')).toBe(true);
    expect(await has('legado', 7, 't')).toBe(true);
    expect(await has('legado', 1_500, 'n')).toBe(true);
    expect(await has('legado', 1_500, 't')).toBe(true);
    expect(await has('legado', 3, 'n')).toBe(false);
    expect(await has('outra', 3, 't')).toBe(true);
    expect(await leftOld('legado')).toBe(0);
    expect(await leftOld('outra')).toBe(0);

    expect(await convertLegacyEntries()).toEqual({ converted: 0, skipped: true });
  });
});
