/**
 * Quick replies (spec 3 §6): `C#<cid>#QUICKMSGS` / id. The shortcut is unique per company,
 * case-insensitively: the item `C#<cid>#QSHORT` / <lower-cased shortcut> → id is written in the
 * same transaction as the reply (`attribute_not_exists`), moved in one when the shortcut changes
 * and removed with the reply. A company holds tens to a few hundred replies: lists read the
 * partition and filter in memory (like the users list).
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { fromItem, pad } from './keys';

export type QuickMessage = {
  id: number;
  companyId: number;
  shortcode: string;
  message: string;
  geral: boolean;
  userId: number;
  mediaKey?: string;
  mediaName?: string;
  /** image, audio, video or application. */
  mediaType?: string;
  mimetype?: string;
  createdAt: string;
  updatedAt: string;
};

export const quickMessageKey = (cid: number, id: number) => ({ PK: `C#${cid}#QUICKMSGS`, SK: pad(id) });
export const shortcutKey = (cid: number, shortcode: string) => ({ PK: `C#${cid}#QSHORT`, SK: shortcode.toLowerCase() });

function toQuickMessage(item: Record<string, unknown>): QuickMessage {
  const rest = fromItem(item);
  return rest as QuickMessage;
}

/** Thrown when the shortcut is taken (ERR_FASTRESP_SHORTCUT_ALREADY_EXISTS) or the reply is gone. */
export class QuickMessageConflict extends Error {
  constructor(readonly reason: 'shortcut' | 'missing') {
    super(reason);
  }
}

/** Which item of the transaction failed its condition, by position. */
function failedAt(err: unknown): number[] {
  if (!(err instanceof TransactionCanceledException)) throw err;
  return (err.CancellationReasons ?? []).flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
}

export async function getQuickMessage(cid: number, id: number): Promise<QuickMessage | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: quickMessageKey(cid, id), ConsistentRead: true }));
  return out.Item ? toQuickMessage(out.Item) : undefined;
}

export async function listQuickMessages(cid: number): Promise<QuickMessage[]> {
  const items: QuickMessage[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': quickMessageKey(cid, 0).PK }, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []).map(toQuickMessage));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

export async function createQuickMessage(q: QuickMessage): Promise<void> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table(), Item: { ...shortcutKey(q.companyId, q.shortcode), entity: 'quickShortcut', quickMessageId: q.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
          { Put: { TableName: table(), Item: { ...quickMessageKey(q.companyId, q.id), entity: 'quickMessage', ...q }, ConditionExpression: 'attribute_not_exists(PK)' } },
        ],
      }),
    );
  } catch (err) {
    if (failedAt(err).includes(0)) throw new QuickMessageConflict('shortcut');
    throw err;
  }
}

/** Replaces the reply as it was read (`before`, same updatedAt) with `after`; the shortcut moves in the same transaction. */
export async function replaceQuickMessage(before: QuickMessage, after: QuickMessage): Promise<void> {
  const cid = before.companyId;
  const moved = before.shortcode.toLowerCase() !== after.shortcode.toLowerCase();
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Put: {
        TableName: table(),
        Item: { ...quickMessageKey(cid, before.id), entity: 'quickMessage', ...after },
        ConditionExpression: 'attribute_exists(PK) AND updatedAt = :was',
        ExpressionAttributeValues: { ':was': before.updatedAt },
      },
    },
  ];
  if (moved) {
    items.push(
      { Put: { TableName: table(), Item: { ...shortcutKey(cid, after.shortcode), entity: 'quickShortcut', quickMessageId: before.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Delete: { TableName: table(), Key: shortcutKey(cid, before.shortcode), ConditionExpression: 'quickMessageId = :id', ExpressionAttributeValues: { ':id': before.id } } },
    );
  }
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    const failed = failedAt(err);
    if (failed.includes(1)) throw new QuickMessageConflict('shortcut');
    if (failed.length) throw new QuickMessageConflict('missing');
    throw err;
  }
}

export async function deleteQuickMessage(q: QuickMessage): Promise<void> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: table(), Key: quickMessageKey(q.companyId, q.id), ConditionExpression: 'attribute_exists(PK)' } },
          { Delete: { TableName: table(), Key: shortcutKey(q.companyId, q.shortcode), ConditionExpression: 'attribute_not_exists(PK) OR quickMessageId = :id', ExpressionAttributeValues: { ':id': q.id } } },
        ],
      }),
    );
  } catch (err) {
    if (failedAt(err).length) throw new QuickMessageConflict('missing');
    throw err;
  }
}
