/** Help entries, platform-wide: `P#HELPS` / id padded, ids from `P#COUNTER` / `id#help` (ACCESS_PATTERNS.md #91). */
import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { HelpView } from '@conversa/shared/schemas/helps';
import { db, table } from './client';
import { fromItem, pad } from './keys';
import { versionedPut, type PutExpect } from './versioned-put';

const PK = 'P#HELPS';
const helpKey = (id: number) => ({ PK, SK: pad(id) });

export async function getHelp(id: number): Promise<HelpView | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: helpKey(id), ConsistentRead: true }));
  return out.Item ? (fromItem(out.Item) as HelpView) : undefined;
}

/** Every entry by id (tens at most: one Query, paged through). */
export async function allHelps(): Promise<HelpView[]> {
  const items: HelpView[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': PK }, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []).map((i) => fromItem(i) as HelpView));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** A new entry (its id must be free) or a change of one that exists, as it was read (`updatedAt`). */
export async function putHelp(h: HelpView, expect: PutExpect): Promise<boolean> {
  return versionedPut({ ...helpKey(h.id), entity: 'help', ...h }, expect);
}

/** Deletes an entry; answers what was deleted (undefined when there was none). */
export async function deleteHelp(id: number): Promise<HelpView | undefined> {
  const out = await db().send(new DeleteCommand({ TableName: table(), Key: helpKey(id), ReturnValues: 'ALL_OLD' }));
  return out.Attributes ? (fromItem(out.Attributes) as HelpView) : undefined;
}
