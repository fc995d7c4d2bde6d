/**
 * The contact lists' numbers check (ACCESS_PATTERNS.md #130–#133): which lists still have numbers
 * to ask a session about, and each item's answer.
 *   #130 a list's pending check `C#<cid>#NUMCHECK` / `<listId padded>`: `from` (the lowest item id
 *        still to look at) and, while a command is out, its `requestId`, `sentAt` and `sentFrom`
 *        (the `from` it was read at, restored when the command fails). One a list: a second
 *        request only lowers `from`; a step claims the item before it sends (so two never do).
 *   #131 an item's answer: UpdateItem of #110's item, conditional on its number being the one
 *        asked about and the answer being new.
 *   #132 a list's next unchecked items: Query #110 from `I#<from>`, keeping those whose
 *        `isWhatsappValid` is null, id and number only.
 *   #133 a company's pending checks: Query of #130's partition (a session connected: resume them).
 */
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { itemKey, itemsPartition, type ContactListItem } from './contact-lists';
import { fromItem, pad } from './keys';

export type NumberCheck = { companyId: number; contactListId: number; from: number; requestId?: string; sentAt?: number; sentFrom?: number };

const checksPartition = (cid: number) => `C#${cid}#NUMCHECK`;
const checkKey = (cid: number, listId: number) => ({ PK: checksPartition(cid), SK: pad(listId) });

const conditionFailed = (err: unknown) => (err as { name?: string }).name === 'ConditionalCheckFailedException';
/** Runs a conditional write; false when its condition failed. */
async function conditional(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (err) {
    if (conditionFailed(err)) return false;
    throw err;
  }
}

/** Asks for a check of the list's items from this id on (a pending check only moves down to it). */
export async function wantCheck(cid: number, listId: number, from: number): Promise<void> {
  await conditional(() =>
    db().send(
      new UpdateCommand({
        TableName: table(),
        Key: checkKey(cid, listId),
        UpdateExpression: 'SET #from = :f, companyId = :c, contactListId = :l, entity = :e',
        ConditionExpression: 'attribute_not_exists(PK) OR #from > :f',
        ExpressionAttributeNames: { '#from': 'from' },
        ExpressionAttributeValues: { ':f': from, ':c': cid, ':l': listId, ':e': 'numberCheck' },
      }),
    ),
  );
}

export async function getCheck(cid: number, listId: number): Promise<NumberCheck | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: checkKey(cid, listId), ConsistentRead: true }));
  return out.Item ? (fromItem(out.Item, 'entity') as NumberCheck) : undefined;
}

/** The company's pending checks (#133). */
export async function listChecks(cid: number): Promise<NumberCheck[]> {
  const out = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': checksPartition(cid) }, ConsistentRead: true }));
  return (out.Items ?? []).map((i) => fromItem(i, 'entity') as NumberCheck);
}

/** Nobody else's command is out: none, the one whose answer is being applied, or one older than `staleBefore`. */
const FREE = '(attribute_not_exists(requestId) OR requestId = :prev OR sentAt < :stale)';

/**
 * Claims the next step as read (`from` unchanged, no other command out): records the command
 * about to be sent and moves `from` past its items. False when another step or request won.
 */
export async function claimStep(cid: number, listId: number, o: { readFrom: number; prevRequestId?: string; staleBefore: number; next: number; requestId: string }): Promise<boolean> {
  return conditional(() =>
    db().send(
      new UpdateCommand({
        TableName: table(),
        Key: checkKey(cid, listId),
        UpdateExpression: 'SET #from = :next, requestId = :rid, sentAt = :now, sentFrom = :read',
        ConditionExpression: `#from = :read AND ${FREE}`,
        ExpressionAttributeNames: { '#from': 'from' },
        ExpressionAttributeValues: { ':next': o.next, ':rid': o.requestId, ':now': Date.now(), ':read': o.readFrom, ':prev': o.prevRequestId ?? '-', ':stale': o.staleBefore },
      }),
    ),
  );
}

/** Nothing is left from `readFrom` on: the pending check ends (unless a request lowered `from` meanwhile). */
export async function endCheck(cid: number, listId: number, o: { readFrom: number; prevRequestId?: string; staleBefore: number }): Promise<boolean> {
  return conditional(() =>
    db().send(
      new DeleteCommand({
        TableName: table(),
        Key: checkKey(cid, listId),
        ConditionExpression: `#from = :read AND ${FREE}`,
        ExpressionAttributeNames: { '#from': 'from' },
        ExpressionAttributeValues: { ':read': o.readFrom, ':prev': o.prevRequestId ?? '-', ':stale': o.staleBefore },
      }),
    ),
  );
}

/** A command that failed: no command is out any more, and its items are to look at again. */
export async function releaseStep(cid: number, listId: number, requestId: string, sentFrom: number | undefined): Promise<void> {
  const names = { '#from': 'from' };
  if (sentFrom !== undefined) {
    const lowered = await conditional(() =>
      db().send(
        new UpdateCommand({
          TableName: table(),
          Key: checkKey(cid, listId),
          UpdateExpression: 'SET #from = :sf REMOVE requestId, sentAt, sentFrom',
          ConditionExpression: 'requestId = :rid AND #from > :sf',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':rid': requestId, ':sf': sentFrom },
        }),
      ),
    );
    if (lowered) return;
  }
  await conditional(() =>
    db().send(new UpdateCommand({ TableName: table(), Key: checkKey(cid, listId), UpdateExpression: 'REMOVE requestId, sentAt, sentFrom', ConditionExpression: 'requestId = :rid', ExpressionAttributeValues: { ':rid': requestId } })),
  );
}

/** Up to `max` items of the list from id `from` on whose answer is unknown, in id order (#132). */
export async function nextUnchecked(cid: number, listId: number, from: number, max: number): Promise<{ id: number; number: string }[]> {
  const items: { id: number; number: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :lo AND :hi',
        FilterExpression: 'attribute_not_exists(isWhatsappValid) OR attribute_type(isWhatsappValid, :null)',
        ProjectionExpression: 'id, #n',
        ExpressionAttributeNames: { '#n': 'number' },
        ExpressionAttributeValues: { ':pk': itemsPartition(cid, listId), ':lo': `I#${pad(from)}`, ':hi': 'I#~', ':null': 'NULL' },
        ExclusiveStartKey: start,
        Limit: 1_000,
      }),
    );
    for (const i of out.Items ?? []) if (items.length < max) items.push({ id: i.id as number, number: i.number as string });
    start = out.LastEvaluatedKey;
  } while (start && items.length < max);
  return items;
}

/** An item's answer (#131): only for the number asked about, only when it changes; answers the item after. */
export async function setValidity(cid: number, listId: number, itemId: number, number: string, valid: boolean): Promise<ContactListItem | undefined> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: itemKey(cid, listId, itemId),
        UpdateExpression: 'SET isWhatsappValid = :v',
        ConditionExpression: 'attribute_exists(PK) AND #n = :n AND (attribute_not_exists(isWhatsappValid) OR isWhatsappValid <> :v)',
        ExpressionAttributeNames: { '#n': 'number' },
        ExpressionAttributeValues: { ':v': valid, ':n': number },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? (fromItem(out.Attributes, 'entity') as ContactListItem) : undefined;
  } catch (err) {
    if (conditionFailed(err)) return undefined;
    throw err;
  }
}
