/**
 * Announcements, platform-wide: `P#ANNOUNCEMENTS` / id padded (ids from `P#COUNTER` /
 * `id#announcement`). An active one is also in GSI1 under `P#ANNOUNCEMENTS#ACTIVE`, sorted as the
 * drawer shows them: `<priority>#<inverted ms>#<id>` (priority 1 first, then the newest), so the
 * drawer reads one Query in order; an inactive one leaves the index (ACCESS_PATTERNS.md #92–#94).
 * What a user has read: `C#<cid>#ANNREAD` / `<userId padded>`, a number set of announcement ids.
 */
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AnnouncementView } from '@conversa/shared/schemas/announcements';
import { db, table } from './client';
import { fromItem, pad } from './keys';
import { versionedPut, type PutExpect } from './versioned-put';

/** As stored: the view without its URL, with the attachment's S3 key (under `platform/announcements/<id>/`). */
export type Announcement = Omit<AnnouncementView, 'mediaPath'> & { mediaKey: string | null };

const PK = 'P#ANNOUNCEMENTS';
export const ACTIVE_INDEX = 'P#ANNOUNCEMENTS#ACTIVE';
const annKey = (id: number) => ({ PK, SK: pad(id) });
const MAX_MS = 9_999_999_999_999;

/** The drawer's sort key: priority, then newest first, then the highest id. */
export const activeSortKey = (a: Pick<Announcement, 'priority' | 'createdAt' | 'id'>): string => `${a.priority}#${pad(MAX_MS - Date.parse(a.createdAt), 13)}#${pad(MAX_MS - a.id, 13)}`;

const toAnnouncement = (item: Record<string, unknown>): Announcement => fromItem(item) as Announcement;

export async function getAnnouncement(id: number): Promise<Announcement | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: annKey(id), ConsistentRead: true }));
  return out.Item ? toAnnouncement(out.Item) : undefined;
}

/**
 * Stores an announcement: new (its id free) or as it was read (`updatedAt`); an active one carries
 * its index keys, an inactive one none (a Put without them drops it from the index).
 */
export async function putAnnouncement(a: Announcement, expect: PutExpect): Promise<boolean> {
  return versionedPut({ ...annKey(a.id), entity: 'announcement', ...a, ...(a.status ? { GSI1PK: ACTIVE_INDEX, GSI1SK: activeSortKey(a) } : {}) }, expect);
}

export async function deleteAnnouncement(id: number): Promise<Announcement | undefined> {
  const out = await db().send(new DeleteCommand({ TableName: table(), Key: annKey(id), ReturnValues: 'ALL_OLD' }));
  return out.Attributes ? toAnnouncement(out.Attributes) : undefined;
}

/** A page of every announcement, newest id first (the management screen). */
export async function announcementPage(o: { after?: Record<string, unknown>; limit: number }): Promise<{ items: Announcement[]; last?: Record<string, unknown> }> {
  const out = await db().send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': PK }, ScanIndexForward: false, ExclusiveStartKey: o.after, Limit: o.limit }),
  );
  return { items: (out.Items ?? []).map(toAnnouncement), last: out.LastEvaluatedKey };
}

/** The active ones in the drawer's order, at most `limit`. */
export async function activeAnnouncements(limit: number): Promise<Announcement[]> {
  const out = await db().send(
    new QueryCommand({ TableName: table(), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': ACTIVE_INDEX }, Limit: limit }),
  );
  return (out.Items ?? []).map(toAnnouncement);
}

const readKey = (cid: number, userId: number) => ({ PK: `C#${cid}#ANNREAD`, SK: pad(userId) });

/** The announcement ids the user has read. */
export async function readAnnouncementIds(cid: number, userId: number): Promise<Set<number>> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: readKey(cid, userId) }));
  const ids = out.Item?.ids as Set<number> | undefined;
  return new Set([...(ids ?? [])].map(Number));
}

/** Marks one read (ADD to the set: a repeat changes nothing). */
export async function markAnnouncementRead(cid: number, userId: number, id: number): Promise<void> {
  await db().send(
    new UpdateCommand({ TableName: table(), Key: readKey(cid, userId), UpdateExpression: 'ADD ids :id SET entity = :e', ExpressionAttributeValues: { ':id': new Set([id]), ':e': 'announcementRead' } }),
  );
}
