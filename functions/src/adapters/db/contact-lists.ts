/**
 * Contact lists and their items (ACCESS_PATTERNS.md #109–#113). A list: `C#<cid>#CLISTS` / id.
 * Its items and its numbers share the list's own partition `C#<cid>#CLIST#<listId>`: items under
 * `I#<itemId>`, and one `N#<digits>` claim per number (a number once a list). An item is also
 * found by its id alone on GSI1 (`C#<cid>#CLITEM#<itemId>` / `ITEM`). `contactsCount` moves in
 * the items' own transactions.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { batchWrite, type WriteRequest } from './batch';
import { fromItem, pad } from './keys';
import { transact } from './transact';

export type ContactList = { id: number; companyId: number; name: string; contactsCount: number; searchText: string; createdAt: string; updatedAt: string };
export type ContactListItem = {
  id: number;
  companyId: number;
  contactListId: number;
  name: string;
  number: string;
  email: string;
  empresa: string;
  isWhatsappValid: boolean | null;
  searchText: string;
  /** The import job and sheet row that made it (a redelivered import recognises its own rows). */
  importJobId?: string;
  importRow?: number;
  createdAt: string;
  updatedAt: string;
};

export const listsPartition = (cid: number) => `C#${cid}#CLISTS`;
export const listKey = (cid: number, id: number) => ({ PK: listsPartition(cid), SK: pad(id) });
export const itemsPartition = (cid: number, listId: number) => `C#${cid}#CLIST#${listId}`;
export const itemKey = (cid: number, listId: number, id: number) => ({ PK: itemsPartition(cid, listId), SK: `I#${pad(id)}` });
const numberKey = (cid: number, listId: number, digits: string) => ({ PK: itemsPartition(cid, listId), SK: `N#${digits}` });
const itemIndex = (cid: number, id: number) => ({ GSI1PK: `C#${cid}#CLITEM#${pad(id)}`, GSI1SK: 'ITEM' });

/** A write that lost: the list is gone, the item is gone or changed, or the number is already on the list. */
export class ListConflict extends Error {
  constructor(readonly reason: 'list' | 'item' | 'number') {
    super(reason);
  }
}

const toList = (i: Record<string, unknown>) => fromItem(i) as ContactList;
const toItem = (i: Record<string, unknown>) => fromItem(i) as ContactListItem;

export async function getList(cid: number, id: number): Promise<ContactList | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: listKey(cid, id), ConsistentRead: true }));
  return out.Item ? toList(out.Item) : undefined;
}

export async function putList(l: ContactList): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...listKey(l.companyId, l.id), entity: 'contactList', ...l }, ConditionExpression: 'attribute_not_exists(PK)' }));
}

/** Renames a list (its count untouched); undefined when it is gone. */
export async function renameList(cid: number, id: number, name: string, searchText: string): Promise<ContactList | undefined> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: listKey(cid, id),
        UpdateExpression: 'SET #n = :n, searchText = :s, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#n': 'name' },
        ExpressionAttributeValues: { ':n': name, ':s': searchText, ':now': new Date().toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? toList(out.Attributes) : undefined;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw err;
  }
}

/** Deletes the list item itself (its items stay until purged); false when it was gone. */
export async function deleteListItself(cid: number, id: number): Promise<boolean> {
  return !(await transact([{ Delete: { TableName: table(), Key: listKey(cid, id), ConditionExpression: 'attribute_exists(PK)' } }]));
}

/** One page of the company's lists, newest first; `search` (folded) filters within the query. */
export async function listPage(cid: number, o: { after?: Record<string, unknown>; limit: number; search?: string }): Promise<{ items: ContactList[]; last?: Record<string, unknown> }> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': listsPartition(cid), ...(o.search ? { ':q': o.search } : {}) },
      ...(o.search ? { FilterExpression: 'contains(searchText, :q)' } : {}),
      ScanIndexForward: false,
      ExclusiveStartKey: o.after,
      Limit: o.limit,
    }),
  );
  return { items: (out.Items ?? []).map(toList), last: out.LastEvaluatedKey };
}

const listCount = (cid: number, listId: number, delta: number) => ({
  Update: {
    TableName: table(),
    Key: listKey(cid, listId),
    UpdateExpression: 'ADD contactsCount :d SET updatedAt = :now',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':d': delta, ':now': new Date().toISOString() },
  },
});
const putItem = (it: ContactListItem, condition: string, values?: Record<string, unknown>) => ({
  Put: { TableName: table(), Item: { ...itemKey(it.companyId, it.contactListId, it.id), ...itemIndex(it.companyId, it.id), entity: 'contactListItem', ...it }, ConditionExpression: condition, ...(values ? { ExpressionAttributeValues: values } : {}) },
});
const claimNumber = (it: ContactListItem) => ({
  Put: { TableName: table(), Item: { ...numberKey(it.companyId, it.contactListId, it.number), entity: 'contactListNumber', itemId: it.id }, ConditionExpression: 'attribute_not_exists(PK)' },
});
const releaseNumber = (it: ContactListItem) => ({
  Delete: { TableName: table(), Key: numberKey(it.companyId, it.contactListId, it.number), ConditionExpression: 'itemId = :id', ExpressionAttributeValues: { ':id': it.id } },
});

/** A new item, its number's claim and the list's count +1, in one transaction. */
export async function insertItem(it: ContactListItem): Promise<void> {
  const failed = await transact([listCount(it.companyId, it.contactListId, 1), claimNumber(it), putItem(it, 'attribute_not_exists(PK)')]);
  if (failed) throw new ListConflict(failed.includes(0) ? 'list' : failed.includes(1) ? 'number' : 'item');
}

/** The item as read replaced (same updatedAt); a new number moves its claim in the same transaction. */
export async function replaceItem(before: ContactListItem, after: ContactListItem): Promise<void> {
  const moved = before.number !== after.number;
  const failed = await transact([
    putItem(after, 'attribute_exists(PK) AND updatedAt = :was', { ':was': before.updatedAt }),
    ...(moved ? [releaseNumber(before), claimNumber(after)] : []),
  ]);
  if (failed) throw new ListConflict(failed.includes(2) ? 'number' : 'item');
}

/** The item, its number's claim and the list's count −1 (the list may be gone: then no count). */
export async function removeItem(it: ContactListItem, listExists: boolean): Promise<void> {
  const failed = await transact([
    { Delete: { TableName: table(), Key: itemKey(it.companyId, it.contactListId, it.id), ConditionExpression: 'attribute_exists(PK)' } },
    { Delete: { TableName: table(), Key: numberKey(it.companyId, it.contactListId, it.number) } },
    ...(listExists ? [listCount(it.companyId, it.contactListId, -1)] : []),
  ]);
  if (failed) throw new ListConflict(failed.includes(0) ? 'item' : 'list');
}

/** An item by its id alone (GSI1, eventually consistent), then read consistently from its list. */
export async function findItem(cid: number, id: number): Promise<ContactListItem | undefined> {
  const out = await db().send(new QueryCommand({ TableName: table(), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': itemIndex(cid, id).GSI1PK }, Limit: 1 }));
  const hit = out.Items?.[0];
  if (!hit) return undefined;
  const item = toItem(hit);
  return getItem(cid, item.contactListId, id);
}

export async function getItem(cid: number, listId: number, id: number): Promise<ContactListItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: itemKey(cid, listId, id), ConsistentRead: true }));
  return out.Item ? toItem(out.Item) : undefined;
}

/** The item holding a number on a list (its claim, then the item). */
export async function itemByNumber(cid: number, listId: number, digits: string): Promise<ContactListItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: numberKey(cid, listId, digits), ConsistentRead: true }));
  const itemId = out.Item?.itemId as number | undefined;
  return itemId ? getItem(cid, listId, itemId) : undefined;
}

/** One page of a list's items, oldest first; `search` (folded) filters within the query. */
export async function itemPage(cid: number, listId: number, o: { after?: Record<string, unknown>; limit: number; search?: string }): Promise<{ items: ContactListItem[]; last?: Record<string, unknown> }> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :i)',
      ExpressionAttributeValues: { ':pk': itemsPartition(cid, listId), ':i': 'I#', ...(o.search ? { ':q': o.search } : {}) },
      ...(o.search ? { FilterExpression: 'contains(searchText, :q)' } : {}),
      ExclusiveStartKey: o.after,
      Limit: o.limit,
    }),
  );
  return { items: (out.Items ?? []).map(toItem), last: out.LastEvaluatedKey };
}

/**
 * Deletes up to `max` items of a deleted list's partition (items and number claims, keys only);
 * answers whether the partition is empty now.
 */
export async function purgeListPartition(cid: number, listId: number, max: number): Promise<boolean> {
  let deleted = 0;
  for (;;) {
    const out = await db().send(
      new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': itemsPartition(cid, listId) }, ProjectionExpression: 'PK, SK', Limit: 500, ConsistentRead: true }),
    );
    const keysFound = out.Items ?? [];
    if (!keysFound.length) return true;
    await batchWrite(keysFound.map((k): WriteRequest => ({ DeleteRequest: { Key: { PK: k.PK, SK: k.SK } } })), 'contact list purge');
    deleted += keysFound.length;
    if (!out.LastEvaluatedKey) return true;
    if (deleted >= max) return false;
  }
}
