/**
 * Tags and lanes (spec 3 "Tags list", "Lanes screen", §3 Tag, §5, §6, §7 "Queues and tags"): the
 * list, one, create, change, delete, the lanes and the lane campaign's file.
 * - Any user of the company manages them (spec 3 §2: /tags is always available); the tag's `userId`
 *   is the caller who saved it last (spec 3 §6), whatever the body says.
 * - A name is unique in the company, tags and lanes together, case and accents aside
 *   (ERR_TAG_ALREADY_EXISTS; the claim item: adapters/db/tags.ts).
 * - A lane (kanban 1) only on the plans with the board (PAID_PLAN): creating one, making a tag a
 *   lane and changing a lane are refused elsewhere (ERR_PLAN_FEATURE_DISABLED); deleting one is not,
 *   so a company that changed plan can clear its lanes.
 * - A tag that carries tickets keeps its kind (ERR_TAG_KIND_IN_USE), checked by the write's
 *   condition on the stored count, not by the read.
 * - A campaign switched on (`actCamp` 1) needs a message or a file to send.
 * - Deleting: hidden at once (and its name free), then taken off a first share of its tickets
 *   here; the tick takes it off the rest (tag-cleanup.ts).
 */
import { PAGE_SIZE } from '@conversa/shared/constants';
import { PAID_PLAN, planAllows } from '@conversa/shared/roles';
import { campaignHasNothingToSend, type LanesList, type TagBody, type TagRecord, type TagsPage, type UpdateTagBody } from '@conversa/shared/schemas/tags';
import { foldText } from '@conversa/shared/text';
import { nextId } from '../../adapters/db/counters';
import { TagConflict, TagIdTaken, TagNameTaken, getTag, insertTag, listTags, markTagDeleting, updateTag, type Tag } from '../../adapters/db/tags';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import { recordAudit } from '../audit/record-audit';
import type { AuthContext } from '../auth/authenticate';
import { emit } from '../events/dispatch';
import { checkScheduleMedia, type ScheduleMedia } from '../schedules/manage-schedules';
import { cleanupDeletedTag } from './tag-cleanup';
import { toTagRecord } from './tag-record';

/** How many tickets the DELETE request itself takes the tag off; the tick does the rest. */
export const DELETE_FIRST_SHARE = 200;

type MediaRef = { key: string; filename: string; mimetype: string };

export { toTagRecord } from './tag-record';

/** What the audit log keeps of a tag (its file by name). */
const audited = (t: Tag) => ({ name: t.name, color: t.color, kanban: t.kanban, actCamp: t.actCamp, msgR: t.msgR, rptDays: t.rptDays, mediaName: t.mediaName });

const announce = (t: Tag, created: boolean): Promise<void> => emit({ type: 'tag.saved', companyId: t.companyId, tagId: t.id, created }, { view: toTagRecord(t) });

function checkLanesPlan(auth: AuthContext, kanban: number): void {
  if (kanban !== 0 && !planAllows(auth.plan, PAID_PLAN)) throw new AppError('ERR_PLAN_FEATURE_DISABLED');
}

function checkCampaign(t: Pick<Tag, 'actCamp' | 'msgR' | 'mediaKey'>): void {
  if (campaignHasNothingToSend(t, !!t.mediaKey)) throw new AppError('ERR_VALIDATION', [{ path: 'body.msgR', message: 'Obrigatório' }]);
}

const mediaFields = (m: ScheduleMedia | null) => ({ mediaKey: m?.mediaKey ?? null, mediaName: m?.mediaName ?? null, mimetype: m?.mimetype ?? null });

async function loadTag(cid: number, id: number): Promise<Tag> {
  const t = await getTag(cid, id, true);
  if (!t) throw new AppError('ERR_NO_TAG_FOUND');
  return t;
}

/** The order of the lists: by name (folded), then id; a cursor is the last row's place in it. */
const placeOf = (t: Tag): [string, number] => [t.searchText || foldText(t.name), t.id];
const before = (a: [string, number], b: [string, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

function readCursor(cursor: string): [string, number] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && Number.isInteger(v[1])) return [v[0], v[1] as number];
  } catch {
    // answered below
  }
  throw new AppError('ERR_VALIDATION', [{ path: 'query.cursor', message: 'Invalid cursor' }]);
}

/**
 * GET /tags: the company's tags (`kanban` 0) or lanes (1), or both, by name; `searchParam` matches
 * the name case and accents aside; 20 a page by an opaque cursor (or pageNumber). A company holds
 * tens to a few hundred tags: one Query of its partition a page, filtered and sorted in memory.
 */
export async function listTagsPage(auth: AuthContext, q: { searchParam?: string; kanban?: number; cursor?: string; pageNumber?: number; limit?: number }): Promise<TagsPage> {
  const limit = q.limit ?? PAGE_SIZE;
  const term = foldText(q.searchParam ?? '');
  const all = (await listTags(auth.companyId, q.kanban)).filter((t) => !term || placeOf(t)[0].includes(term));
  all.sort((a, b) => (before(placeOf(a), placeOf(b)) ? -1 : 1));
  let start = ((q.pageNumber ?? 1) - 1) * limit;
  if (q.cursor) {
    const after = readCursor(q.cursor);
    start = all.findIndex((t) => before(after, placeOf(t)));
    if (start < 0) start = all.length;
  }
  const rows = all.slice(start, start + limit);
  const hasMore = start + limit < all.length;
  const last = rows.at(-1);
  return { tags: rows.map(toTagRecord), hasMore, ...(hasMore && last ? { cursor: Buffer.from(JSON.stringify(placeOf(last))).toString('base64url') } : {}) };
}

/** GET /tags/kanban: the lanes, oldest first (the board's order). */
export async function listLanes(auth: AuthContext): Promise<LanesList> {
  const lanes = await listTags(auth.companyId, 1);
  return { lista: lanes.sort((a, b) => a.id - b.id).map(toTagRecord) };
}

export async function findTag(auth: AuthContext, id: number): Promise<TagRecord> {
  return toTagRecord(await loadTag(auth.companyId, id));
}

/** POST /tags. */
export async function createTag(auth: AuthContext, body: TagBody): Promise<TagRecord> {
  const cid = auth.companyId;
  checkLanesPlan(auth, body.kanban);
  const media = body.media ? await checkScheduleMedia(cid, body.media) : null;
  const now = new Date().toISOString();
  const fields = { actCamp: body.actCamp ?? 0, msgR: body.msgR ?? '', rptDays: body.rptDays ?? 0, ...mediaFields(media) };
  checkCampaign(fields);
  // An id already taken (a tag stored without the counter) is skipped, a few times at most.
  for (let attempt = 0; ; attempt++) {
    const t: Tag = {
      id: await nextId(cid, 'tag'), companyId: cid, name: body.name, color: body.color, kanban: body.kanban, userId: auth.userId, ticketsCount: 0,
      ...fields, searchText: foldText(body.name), createdAt: now, updatedAt: now, rev: 0,
    };
    try {
      await insertTag(t);
    } catch (err) {
      if (err instanceof TagNameTaken) throw new AppError('ERR_TAG_ALREADY_EXISTS');
      if (err instanceof TagIdTaken && attempt < 5) continue;
      throw err;
    }
    await recordAudit(auth, { action: 'tag.create', target: { id: t.id, name: t.name }, after: audited(t) });
    await announce(t, true);
    return toTagRecord(t);
  }
}

/**
 * PUT /tags/{id} (and the file's routes, `media`: a new file, null to remove it): the fields sent
 * change. Read, checked, written on the revision read; another edit in between makes it read again.
 */
export async function changeTag(auth: AuthContext, id: number, input: UpdateTagBody, mediaChange?: ScheduleMedia | null): Promise<TagRecord> {
  const cid = auth.companyId;
  const media = input.media ? await checkScheduleMedia(cid, input.media) : input.media === null ? null : mediaChange;
  for (let attempt = 0; attempt < 3; attempt++) {
    const was = await loadTag(cid, id);
    const kanban = input.kanban ?? was.kanban;
    checkLanesPlan(auth, kanban);
    const kindChange = kanban !== was.kanban;
    if (kindChange && was.ticketsCount > 0) throw new AppError('ERR_TAG_KIND_IN_USE');
    const name = input.name ?? was.name;
    const fields = {
      name, color: input.color ?? was.color, kanban, userId: auth.userId,
      actCamp: input.actCamp ?? was.actCamp, msgR: input.msgR ?? was.msgR, rptDays: input.rptDays ?? was.rptDays,
      ...(media === undefined ? { mediaKey: was.mediaKey, mediaName: was.mediaName, mimetype: was.mimetype } : mediaFields(media)),
      searchText: foldText(name),
    };
    checkCampaign(fields);
    let after: Tag;
    try {
      after = await updateTag(was, fields, new Date(Math.max(Date.now(), Date.parse(was.updatedAt) + 1)).toISOString(), { requireUnused: kindChange });
    } catch (err) {
      if (err instanceof TagNameTaken) throw new AppError('ERR_TAG_ALREADY_EXISTS');
      // Edited, tagged or deleted meanwhile: read again (a count above 0 now keeps the kind).
      if (err instanceof TagConflict) continue;
      throw err;
    }
    await recordAudit(auth, { action: 'tag.update', target: { id, name: after.name }, before: audited(was), after: audited(after) });
    await announce(after, false);
    return toTagRecord(after);
  }
  throw new AppError('ERR_CONFLICT');
}

/** POST /tags/{id}/media-upload: the lane campaign's file (an upload of the company, of the schedules' types), replacing any. */
export const attachTagMedia = async (auth: AuthContext, id: number, ref: MediaRef): Promise<TagRecord> => changeTag(auth, id, {}, await checkScheduleMedia(auth.companyId, ref));

/** DELETE /tags/{id}/media-upload: the file removed. */
export const detachTagMedia = (auth: AuthContext, id: number): Promise<TagRecord> => changeTag(auth, id, {}, null);

/**
 * DELETE /tags/{id}: hidden at once and announced; then taken off a first share of its tickets (a
 * lane's go back to 'Em aberto'). What is left, or a failure halfway, the tick finishes.
 */
export async function deleteTag(auth: AuthContext, id: number): Promise<void> {
  const cid = auth.companyId;
  const t = await loadTag(cid, id);
  if (!(await markTagDeleting(t, new Date().toISOString()))) throw new AppError('ERR_NO_TAG_FOUND');
  await recordAudit(auth, { action: 'tag.delete', target: { id, name: t.name }, before: audited(t) });
  await emit({ type: 'tag.deleted', companyId: cid, tagId: id }, {});
  try {
    await cleanupDeletedTag(cid, id, DELETE_FIRST_SHARE);
  } catch (err) {
    log.warn('tag deletion: the tick finishes the cleanup', { companyId: cid, tagId: id, err: String(err) });
  }
}
