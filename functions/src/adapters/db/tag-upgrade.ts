/**
 * The one-time upgrade of tables from before the tag memberships (issue 21, run with
 * upgrade-data.ts at start): every ticket gets its memberships (`C#<cid>#TAGT#<tagId>` and
 * 'Em aberto' while active without a lane), its lane (the first lane tag it carries; other lane
 * tags come off), and every tag its `ticketsCount`. One Scan of the tickets; a marker records it.
 */
import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite, type WriteRequest } from './batch';
import { db, table } from './client';
import { listTags, tagKey, tagMoves, type Tag } from './tags';
import { toTicket } from './tickets';

const DONE = { PK: 'P#UPGRADES', SK: 'tag-memberships' };

export async function backfillTagMemberships(): Promise<number> {
  if ((await db().send(new GetCommand({ TableName: table(), Key: DONE, ConsistentRead: true }))).Item) return 0;
  const tagsOf = new Map<number, Map<number, Tag>>();
  const counts = new Map<string, { cid: number; id: number; n: number }>();
  let tickets = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: table(), FilterExpression: 'entity = :t', ExpressionAttributeValues: { ':t': 'ticket' }, ExclusiveStartKey: start }));
    start = page.LastEvaluatedKey;
    for (const item of page.Items ?? []) {
      const t = toTicket(item);
      const cid = t.companyId;
      if (!tagsOf.has(cid)) tagsOf.set(cid, new Map((await listTags(cid)).map((g) => [g.id, g])));
      const tags = tagsOf.get(cid)!;
      const live = (t.tagIds ?? []).filter((id) => tags.has(id));
      const laneId = live.find((id) => tags.get(id)!.kanban !== 0);
      const tagIds = live.filter((id) => tags.get(id)!.kanban === 0 || id === laneId);
      if (laneId !== t.laneId || tagIds.length !== (t.tagIds ?? []).length) {
        await db().send(
          new UpdateCommand({
            TableName: table(),
            Key: { PK: item.PK, SK: item.SK },
            UpdateExpression: laneId ? 'SET laneId = :l, tagIds = :ids' : tagIds.length ? 'SET tagIds = :ids REMOVE laneId' : 'REMOVE laneId, tagIds',
            ExpressionAttributeValues: { ...(laneId ? { ':l': laneId } : {}), ...(tagIds.length ? { ':ids': tagIds } : {}) },
          }),
        );
      }
      const after = { ...t, tagIds, laneId };
      const puts: WriteRequest[] = tagMoves(cid, undefined, after).flatMap((x) => ('Put' in x && x.Put ? [{ PutRequest: { Item: x.Put.Item as Record<string, unknown> } }] : []));
      await batchWrite(puts, 'tag memberships');
      for (const id of tagIds) {
        const k = `${cid}#${id}`;
        counts.set(k, { cid, id, n: (counts.get(k)?.n ?? 0) + 1 });
      }
      tickets++;
    }
  } while (start);
  for (const [cid, tags] of tagsOf) {
    for (const id of tags.keys()) {
      const n = counts.get(`${cid}#${id}`)?.n ?? 0;
      await db().send(new UpdateCommand({ TableName: table(), Key: tagKey(cid, id), UpdateExpression: 'SET ticketsCount = :n', ExpressionAttributeValues: { ':n': n } }));
    }
  }
  await db().send(new PutCommand({ TableName: table(), Item: { ...DONE, at: new Date().toISOString(), tickets } }));
  return tickets;
}
