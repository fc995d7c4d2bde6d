/**
 * The sandbox "phone": what a sandbox connection sent, as the customer's phone received it.
 * `C#<cid>#SANDBOX#<wid>` / `<ms, 15 digits>#<externalId>`. Sandbox external ids carry their
 * send time (`SBX` + 9 base-36 chars of ms + random), so an item is found from its id alone.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import type { SandboxOutboxItem, SandboxReadReceipt } from '@conversa/shared/schemas/sandbox';
import { db, table } from './client';
import { decodeCursor, encodeCursor, fromItem } from './keys';

export const outboxPartition = (companyId: number, whatsappId: number) => `C#${companyId}#SANDBOX#${whatsappId}`;
export const outboxSortKey = (atMs: number, externalId: string) => `${String(atMs).padStart(15, '0')}#${externalId}`;

/** A new sandbox message id: `SBX` + 9 base-36 chars of the send time + 10 random. */
export function sandboxExternalId(now = Date.now()): string {
  return `SBX${now.toString(36).padStart(9, '0')}${randomBytes(8).toString('hex').slice(0, 10).toUpperCase()}`;
}
/** The send time encoded in a sandbox id; undefined for any other id. */
export function sandboxIdTime(externalId: string): number | undefined {
  const m = /^SBX([0-9a-z]{9})/.exec(externalId);
  return m ? parseInt(m[1]!, 36) : undefined;
}
const itemKey = (companyId: number, whatsappId: number, externalId: string) => {
  const at = sandboxIdTime(externalId);
  return at === undefined ? undefined : { PK: outboxPartition(companyId, whatsappId), SK: outboxSortKey(at, externalId) };
};

function toItem(item: Record<string, unknown>): SandboxOutboxItem {
  const rest = fromItem(item);
  return rest as SandboxOutboxItem;
}

/** Stores what the phone received; the id must be a sandbox id (see sandboxExternalId). Idempotent on the id. */
export async function appendOutbox(companyId: number, whatsappId: number, item: SandboxOutboxItem): Promise<void> {
  const key = itemKey(companyId, whatsappId, item.externalId);
  if (!key) throw new Error(`not a sandbox id: ${item.externalId}`);
  await db()
    .send(new PutCommand({ TableName: table(), Item: { ...key, ...item }, ConditionExpression: 'attribute_not_exists(PK)' }))
    .catch((err: unknown) => {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    });
}

export async function getOutboxItem(companyId: number, whatsappId: number, externalId: string): Promise<SandboxOutboxItem | undefined> {
  const key = itemKey(companyId, whatsappId, externalId);
  if (!key) return undefined;
  const out = await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  return out.Item ? toItem(out.Item) : undefined;
}

/**
 * A page of the phone's messages, oldest first ("newest last"). Without a cursor: the newest
 * `limit`; `cursor` (when `hasMore`) pages back to older ones.
 */
export async function listOutbox(
  companyId: number,
  whatsappId: number,
  opts: { cursor?: string; limit?: number } = {},
): Promise<{ items: SandboxOutboxItem[]; hasMore: boolean; cursor?: string }> {
  const pk = outboxPartition(companyId, whatsappId);
  const limit = Math.max(1, Math.min(opts.limit ?? 50, 200));
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: decodeCursor(opts.cursor, pk),
      ConsistentRead: true,
    }),
  );
  const items = (out.Items ?? []).map(toItem).reverse();
  const cursor = encodeCursor(out.LastEvaluatedKey);
  return { items, hasMore: !!cursor, ...(cursor ? { cursor } : {}) };
}

type OutboxPatch = Partial<Pick<SandboxOutboxItem, 'deleted' | 'editedBody' | 'reaction'>>;

/** Edit, deletion or reaction on a sent item; false when there is no such item. */
export async function patchOutbox(companyId: number, whatsappId: number, externalId: string, patch: OutboxPatch): Promise<boolean> {
  const key = itemKey(companyId, whatsappId, externalId);
  if (!key) return false;
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  if (!entries.length) return true;
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression: `SET ${entries.map(([k]) => `#${k} = :${k}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([k]) => [`#${k}`, k])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([k, v]) => [`:${k}`, v])),
      }),
    );
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/** Raises the ack of a sent item (acks only go up); false when the item is missing or already there. */
export async function setOutboxAck(companyId: number, whatsappId: number, externalId: string, ack: number): Promise<boolean> {
  const key = itemKey(companyId, whatsappId, externalId);
  if (!key) return false;
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression: 'SET ack = :a',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(ack) OR ack < :a)',
        ExpressionAttributeValues: { ':a': ack },
      }),
    );
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/**
 * The phone's read receipts (the agent read the customer's messages): beside the outbox, not in
 * it, so the outbox stays what the phone received. `C#<cid>#SANDBOXREAD#<wid>` /
 * `<ms, 15 digits>#<newest id read>`; a redelivered receipt job writes the same item again.
 */
const readsPartition = (companyId: number, whatsappId: number) => `C#${companyId}#SANDBOXREAD#${whatsappId}`;

export async function appendReadReceipt(companyId: number, whatsappId: number, r: SandboxReadReceipt): Promise<void> {
  const sk = `${String(Date.parse(r.at)).padStart(15, '0')}#${r.readIds[0] ?? ''}`;
  await db().send(new PutCommand({ TableName: table(), Item: { PK: readsPartition(companyId, whatsappId), SK: sk, ...r } }));
}

/** The newest read receipts, oldest first. */
export async function listReadReceipts(companyId: number, whatsappId: number, limit = 50): Promise<SandboxReadReceipt[]> {
  const out = await db().send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': readsPartition(companyId, whatsappId) }, ScanIndexForward: false, Limit: limit, ConsistentRead: true }),
  );
  return (out.Items ?? []).map((i) => ({ to: String(i.to), readIds: i.readIds as string[], at: String(i.at) })).reverse();
}
