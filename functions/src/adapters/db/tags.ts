/**
 * Tags (spec 1 §3 "Tag"): `C#<cid>#TAGS` / id {id, name, color, kanban}. The tags screens come in
 * a later issue; tickets keep the ids of their tags (`tagIds`).
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from './batch';
import { db, table } from './client';
import { pad } from './keys';

export type Tag = { id: number; companyId: number; name: string; color: string; kanban: number };

export const tagKey = (cid: number, id: number) => ({ PK: `C#${cid}#TAGS`, SK: pad(id) });

function toTag(item: Record<string, unknown>): Tag {
  return { id: Number(item.id), companyId: Number(item.companyId), name: String(item.name ?? ''), color: String(item.color ?? ''), kanban: Number(item.kanban ?? 0) };
}

/** The tags of these ids that exist, in the order asked. */
export async function getTags(cid: number, ids: number[]): Promise<Tag[]> {
  if (!ids.length) return [];
  const found = await batchGet(ids.map((id) => tagKey(cid, id)));
  return ids.flatMap((id) => {
    const item = found.get(`C#${cid}#TAGS|${pad(id)}`);
    return item ? [toTag(item)] : [];
  });
}

/** All tags of a company (a few dozen at most), optionally only the kanban ones. */
export async function listTags(cid: number, kanban?: number): Promise<Tag[]> {
  const tags: Tag[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `C#${cid}#TAGS` }, ExclusiveStartKey: start }));
    tags.push(...(out.Items ?? []).map(toTag));
    start = out.LastEvaluatedKey;
  } while (start);
  return kanban === undefined ? tags : tags.filter((t) => t.kanban === kanban);
}

export async function putTag(t: Tag): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...tagKey(t.companyId, t.id), entity: 'tag', ...t } }));
}
