/**
 * Tags and lanes (spec 3 §3 "Tag / lane"): `C#<cid>#TAGS` / id. A ticket keeps the ids of its tags
 * (`tagIds`) and its lane (`laneId`, one of them); beside it, one membership item per tag it
 * carries, `C#<cid>#TAGT#<tagId>` / `L#<ticketId>` while the ticket is open or pending (live) and
 * `C#<ticketId>` once closed (a descending Query gives the live ones first), plus one in `TAGT#0` ('Em aberto') while it is active without a
 * lane. They carry what visibility needs (status, queue, user, group), so a lane's cards and a
 * tag's tickets are one Query each, filtered before any ticket is read. The memberships and the
 * tags' `ticketsCount` move in the transaction of every ticket write (tagMoves).
 *
 * A name is unique in its company, tags and lanes together, case and accents aside: the item
 * `C#<cid>#TAGNAME` / <folded name> → tagId is written in the transaction that creates the tag,
 * moved in the one that renames it, and freed in the one that marks it deleting.
 *
 * A deleted tag is first marked `deleting` (hidden everywhere, no ticket may take it), then taken
 * off its tickets (domain/tags/tag-cleanup.ts), then removed.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { foldText } from '@conversa/shared/text';
import { batchGet } from './batch';
import { db, table } from './client';
import { pad } from './keys';
import type { TxItem } from './users';

export type Tag = {
  id: number;
  companyId: number;
  name: string;
  color: string;
  /** 0 a tag, 1 a lane. */
  kanban: number;
  userId: number | null;
  ticketsCount: number;
  actCamp: number;
  msgR: string;
  rptDays: number;
  mediaKey: string | null;
  mediaName: string | null;
  mimetype: string | null;
  /** Folded name for the search. */
  searchText: string;
  createdAt: string;
  updatedAt: string;
  rev: number;
  /** Set when the tag was deleted and its tickets are being cleaned up. */
  deleting?: string;
};

export const tagsPartition = (cid: number) => `C#${cid}#TAGS`;
export const tagKey = (cid: number, id: number) => ({ PK: tagsPartition(cid), SK: pad(id) });
export const membersPartition = (cid: number, tagId: number) => `C#${cid}#TAGT#${tagId}`;
/** The name's claim: `C#<cid>#TAGNAME` / the name folded (lower case, no accents). */
export const tagNameKey = (cid: number, name: string) => ({ PK: `C#${cid}#TAGNAME`, SK: foldText(name) });
/** The pending cleanups of deleted tags, for the tick: `P#TAGDEL` / `<cid>#<tagId>`. */
export const tagCleanupKey = (cid: number, tagId: number) => ({ PK: 'P#TAGDEL', SK: `${pad(cid)}#${pad(tagId)}` });

export function toTag(item: Record<string, unknown>): Tag {
  return {
    id: Number(item.id),
    companyId: Number(item.companyId),
    name: String(item.name ?? ''),
    color: String(item.color ?? ''),
    kanban: Number(item.kanban ?? 0),
    userId: item.userId === undefined || item.userId === null ? null : Number(item.userId),
    ticketsCount: Math.max(0, Number(item.ticketsCount ?? 0)),
    actCamp: Number(item.actCamp ?? 0),
    msgR: String(item.msgR ?? ''),
    rptDays: Number(item.rptDays ?? 0),
    mediaKey: (item.mediaKey as string | null | undefined) ?? null,
    mediaName: (item.mediaName as string | null | undefined) ?? null,
    mimetype: (item.mimetype as string | null | undefined) ?? null,
    searchText: String(item.searchText ?? ''),
    createdAt: String(item.createdAt ?? ''),
    updatedAt: String(item.updatedAt ?? ''),
    rev: Number(item.rev ?? 0),
    ...(item.deleting ? { deleting: String(item.deleting) } : {}),
  };
}

/** One tag, unless it is gone or being deleted. */
export async function getTag(cid: number, id: number, consistent = false): Promise<Tag | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: tagKey(cid, id), ConsistentRead: consistent }));
  const t = out.Item ? toTag(out.Item) : undefined;
  return t && !t.deleting ? t : undefined;
}

/** The live tags of these ids, in the order asked. */
export async function getTags(cid: number, ids: number[], opts: { consistent?: boolean } = {}): Promise<Tag[]> {
  if (!ids.length) return [];
  const found = await batchGet(ids.map((id) => tagKey(cid, id)), opts);
  return ids.flatMap((id) => {
    const item = found.get(`${tagsPartition(cid)}|${pad(id)}`);
    const t = item ? toTag(item) : undefined;
    return t && !t.deleting ? [t] : [];
  });
}

/** All live tags of a company (tens to a few hundred), optionally only the tags or only the lanes. */
export async function listTags(cid: number, kanban?: number): Promise<Tag[]> {
  const tags: Tag[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': tagsPartition(cid) }, ExclusiveStartKey: start }));
    tags.push(...(out.Items ?? []).map(toTag).filter((t) => !t.deleting));
    start = out.LastEvaluatedKey;
  } while (start);
  return kanban === undefined ? tags : tags.filter((t) => (kanban ? t.kanban !== 0 : t.kanban === 0));
}

/** Which items of a transaction failed their condition, by position. */
function failedAt(err: unknown): number[] {
  if (!(err instanceof TransactionCanceledException)) throw err;
  return (err.CancellationReasons ?? []).flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
}

/** The name is another tag's (ERR_TAG_ALREADY_EXISTS). */
export class TagNameTaken extends Error {}
/** The id is taken already (a tag stored without the counter): the caller takes the next one. */
export class TagIdTaken extends Error {}

const claimName = (t: Pick<Tag, 'companyId' | 'id' | 'name'>): TxItem => ({
  Put: { TableName: table(), Item: { ...tagNameKey(t.companyId, t.name), entity: 'tagName', tagId: t.id }, ConditionExpression: 'attribute_not_exists(PK)' },
});
/**
 * Frees the tag's name when the tag holds its claim: a tag stored before the claims holds none, and
 * another tag may have claimed the same name since. Only this tag deletes its claim, so what is read
 * here stays true until the transaction.
 */
async function freeName(t: Pick<Tag, 'companyId' | 'id' | 'name'>): Promise<TxItem[]> {
  const key = tagNameKey(t.companyId, t.name);
  const held = await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  if (Number(held.Item?.tagId) !== t.id) return [];
  return [{ Delete: { TableName: table(), Key: key, ConditionExpression: 'tagId = :id', ExpressionAttributeValues: { ':id': t.id } } }];
}

/** A new tag (its id taken from the counter) with its name's claim. */
export async function insertTag(t: Tag): Promise<void> {
  const { deleting: _d, ...item } = t;
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [claimName(t), { Put: { TableName: table(), Item: { ...tagKey(t.companyId, t.id), entity: 'tag', ...item }, ConditionExpression: 'attribute_not_exists(PK)' } }],
      }),
    );
  } catch (err) {
    const failed = failedAt(err);
    if (failed.includes(0)) throw new TagNameTaken();
    if (failed.includes(1)) throw new TagIdTaken();
    throw err;
  }
}

export class TagConflict extends Error {}

/**
 * An edit of the tag's own fields, conditional on the revision read and on it not being deleted;
 * `ticketsCount` is never written here (the ticket writes keep it). `when` adds a condition on the
 * stored count (a tag that carries tickets keeps its kind). A new name (folded) moves its claim in
 * the same transaction (TagNameTaken when another tag holds it).
 */
export async function updateTag(before: Tag, fields: Partial<Pick<Tag, 'name' | 'color' | 'kanban' | 'userId' | 'actCamp' | 'msgR' | 'rptDays' | 'mediaKey' | 'mediaName' | 'mimetype' | 'searchText'>>, now: string, opts: { requireUnused?: boolean } = {}): Promise<Tag> {
  const names: Record<string, string> = { '#rev': 'rev', '#u': 'updatedAt' };
  const values: Record<string, unknown> = { ':rev': before.rev, ':one': 1, ':now': now };
  const sets = ['#u = :now'];
  Object.entries(fields).forEach(([k, v], i) => {
    if (v === undefined) return;
    names[`#f${i}`] = k;
    values[`:f${i}`] = v;
    sets.push(`#f${i} = :f${i}`);
  });
  let condition = 'attribute_exists(PK) AND attribute_not_exists(deleting) AND #rev = :rev';
  if (opts.requireUnused) {
    condition += ' AND (attribute_not_exists(ticketsCount) OR ticketsCount <= :zero)';
    values[':zero'] = 0;
  }
  const update = { TableName: table(), Key: tagKey(before.companyId, before.id), UpdateExpression: `SET ${sets.join(', ')} ADD #rev :one`, ConditionExpression: condition, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
  const renamed = fields.name !== undefined && foldText(fields.name) !== foldText(before.name);
  if (!renamed) {
    try {
      const out = await db().send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
      return toTag(out.Attributes ?? {});
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) throw new TagConflict();
      throw err;
    }
  }
  try {
    await db().send(new TransactWriteCommand({ TransactItems: [{ Update: update }, claimName({ ...before, name: fields.name! }), ...(await freeName(before))] }));
  } catch (err) {
    const failed = failedAt(err);
    if (failed.includes(1)) throw new TagNameTaken();
    if (failed.length) throw new TagConflict();
    throw err;
  }
  // A transaction answers no item: what it wrote is what was read, changed as asked.
  const written = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return { ...before, ...written, updatedAt: now, rev: before.rev + 1 };
}

/**
 * Marks a tag deleted (hidden at once; no ticket may take it), records its cleanup for the tick and
 * frees its name, in one transaction. False when it was gone or being deleted already.
 */
export async function markTagDeleting(t: Tag, now: string): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Update: { TableName: table(), Key: tagKey(t.companyId, t.id), UpdateExpression: 'SET deleting = :now', ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deleting)', ExpressionAttributeValues: { ':now': now } } },
          { Put: { TableName: table(), Item: { ...tagCleanupKey(t.companyId, t.id), companyId: t.companyId, tagId: t.id, at: now } } },
          ...(await freeName(t)),
        ],
      }),
    );
  } catch (err) {
    if (failedAt(err).length) return false;
    throw err;
  }
  return true;
}

/** The last step of a deletion: the tag item and its cleanup entry. */
export async function removeDeletedTag(cid: number, tagId: number): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: tagKey(cid, tagId), ConditionExpression: 'attribute_exists(deleting)' })).catch((err: unknown) => {
    if (!(err instanceof ConditionalCheckFailedException)) throw err;
  });
  await db().send(new DeleteCommand({ TableName: table(), Key: tagCleanupKey(cid, tagId) }));
}

/** Deletions still being cleaned up (the tick's job), oldest first. */
export async function pendingTagCleanups(limit: number): Promise<{ companyId: number; tagId: number }[]> {
  const out = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'P#TAGDEL' }, Limit: limit }));
  return (out.Items ?? []).map((i) => ({ companyId: Number(i.companyId), tagId: Number(i.tagId) }));
}

/** What a membership item carries: enough to decide visibility and filters without the ticket. */
export type Member = { ticketId: number; contactId: number; status: string; queueId: number | null; userId: number | null; isGroup: boolean };
/** The ticket fields the memberships follow. */
export type Tagged = { id: number; companyId: number; contactId: number; status: string; queueId: number | null; userId: number | null; isGroup: boolean; tagIds?: number[]; laneId?: number };

const memberSK = (active: boolean, ticketId: number) => `${active ? 'L' : 'C'}#${pad(ticketId)}`;
/** A ticket's membership item in a tag's partition, live (open or pending) or closed. */
export const memberKey = (cid: number, tagId: number, active: boolean, ticketId: number) => ({ PK: membersPartition(cid, tagId), SK: memberSK(active, ticketId) });
function membershipsOf(t: Tagged | undefined): Map<string, { tagId: number; SK: string; m: Member }> {
  const out = new Map<string, { tagId: number; SK: string; m: Member }>();
  if (!t) return out;
  const active = t.status !== 'closed';
  const m: Member = { ticketId: t.id, contactId: t.contactId, status: t.status, queueId: t.queueId, userId: t.userId, isGroup: t.isGroup };
  const tagIds = [...(t.tagIds ?? []), ...(active && !t.laneId ? [0] : [])];
  for (const tagId of tagIds) {
    const SK = memberSK(active, t.id);
    out.set(`${tagId}|${SK}`, { tagId, SK, m });
  }
  return out;
}

/**
 * The membership and counter writes of a ticket going from `before` to `after` (either absent on
 * create / delete). A tag taken must exist and not be deleting (else the transaction fails); a
 * tag left is counted down while its item exists (a deleting tag's item stays until its cleanup ends).
 */
export function tagMoves(cid: number, before: Tagged | undefined, after: Tagged | undefined): TxItem[] {
  const was = membershipsOf(before);
  const is = membershipsOf(after);
  const items: TxItem[] = [];
  for (const [k, e] of was) if (!is.has(k)) items.push({ Delete: { TableName: table(), Key: { PK: membersPartition(cid, e.tagId), SK: e.SK } } });
  for (const [k, e] of is) {
    const old = was.get(k);
    if (old && JSON.stringify(old.m) === JSON.stringify(e.m)) continue;
    items.push({ Put: { TableName: table(), Item: { PK: membersPartition(cid, e.tagId), SK: e.SK, entity: 'tagMember', tagId: e.tagId, ...e.m } } });
  }
  const beforeIds = new Set(before?.tagIds ?? []);
  const afterIds = new Set(after?.tagIds ?? []);
  for (const id of afterIds) {
    if (beforeIds.has(id)) continue;
    items.push({ Update: { TableName: table(), Key: tagKey(cid, id), UpdateExpression: 'ADD ticketsCount :one', ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deleting)', ExpressionAttributeValues: { ':one': 1 } } });
  }
  for (const id of beforeIds) {
    if (afterIds.has(id)) continue;
    items.push({ Update: { TableName: table(), Key: tagKey(cid, id), UpdateExpression: 'ADD ticketsCount :minus', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':minus': -1 } } });
  }
  return items;
}

/**
 * A page of a tag's members (`laneId` 0 = 'Em aberto'), newest ticket first: only the active ones
 * (the board) or all (tickets by tag: active, then closed). `after` continues a page.
 */
export async function membersPage(cid: number, tagId: number, o: { activeOnly: boolean; limit: number; after?: Record<string, unknown> }): Promise<{ members: Member[]; last?: Record<string, unknown> }> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: o.activeOnly ? 'PK = :pk AND begins_with(SK, :a)' : 'PK = :pk',
      ExpressionAttributeValues: { ':pk': membersPartition(cid, tagId), ...(o.activeOnly ? { ':a': 'L#' } : {}) },
      ScanIndexForward: false,
      Limit: o.limit,
      ExclusiveStartKey: o.after,
    }),
  );
  const members = (out.Items ?? []).map((i) => ({
    ticketId: Number(i.ticketId),
    contactId: Number(i.contactId),
    status: String(i.status),
    queueId: i.queueId === null || i.queueId === undefined ? null : Number(i.queueId),
    userId: i.userId === null || i.userId === undefined ? null : Number(i.userId),
    isGroup: i.isGroup === true,
  }));
  return { members, last: out.LastEvaluatedKey };
}
