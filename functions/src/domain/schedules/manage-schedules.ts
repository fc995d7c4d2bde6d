/**
 * Scheduled messages (spec 3 "Schedules page", §3 Schedule, §5, §7 "Schedules"): the list, one,
 * create, change, delete and the attachment. The contact, user and connection a schedule names are
 * the caller's company's. A pending schedule is sent by the tick and the schedule sender
 * (send-schedules.ts). `createSchedule` and `deleteSchedulesOf` are what the lanes' campaigns call.
 */
import { PAGE_SIZE } from '@conversa/shared/constants';
import { isScheduleMedia, type ScheduleBody, type ScheduleView, type SchedulesPage, type UpdateScheduleBody } from '@conversa/shared/schemas/schedules';
import { getConnection } from '../../adapters/db/connections';
import { fold, getContact } from '../../adapters/db/contacts';
import { nextId } from '../../adapters/db/counters';
import { decodeCursor, encodeCursor, pad } from '../../adapters/db/keys';
import {
  ScheduleConflict, contactSchedulesPartition, getSchedule, insertSchedule, removeSchedule, replaceSchedule, schedulePage, scheduleKey, schedulesPartition, type Schedule,
} from '../../adapters/db/schedules';
import { getUser } from '../../adapters/db/users';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { emit } from '../events/dispatch';
import { checkUploaded } from '../messages/upload-media';
import { queueIfScanned } from './queue-due';

/** A checked attachment (an upload of the company, or a lane's stored media). */
export type ScheduleMedia = { mediaKey: string; mediaName: string; mimetype: string };

export function toScheduleView(s: Schedule): ScheduleView {
  return {
    id: s.id, body: s.body, sendAt: s.sendAt, sentAt: s.sentAt, status: s.status, error: s.error,
    contactId: s.contactId, contact: { id: s.contactId, name: s.contactName }, userId: s.userId, whatsappId: s.whatsappId,
    daysR: s.daysR, campId: s.campId, mediaName: s.mediaName, mimetype: s.mimetype, createdAt: s.createdAt, updatedAt: s.updatedAt,
  };
}

/** `schedule.updated` (created: a new one) after its write. */
export const announceSchedule = (s: Schedule, created: boolean): Promise<void> =>
  emit({ type: 'schedule.updated', companyId: s.companyId, scheduleId: s.id, created }, { view: toScheduleView(s) });

const searchTextOf = (body: string, contactName: string) => fold(`${contactName} ${body}`).slice(0, 600);

function conflict(err: unknown): never {
  if (err instanceof ScheduleConflict) throw new AppError(err.reason === 'missing' ? 'ERR_NO_SCHEDULE_FOUND' : 'ERR_CONFLICT');
  throw err;
}

async function loadSchedule(cid: number, id: number): Promise<Schedule> {
  const s = await getSchedule(cid, id);
  if (!s) throw new AppError('ERR_NO_SCHEDULE_FOUND');
  return s;
}

/** An uploaded file the caller names as a schedule's attachment: the company's, present, and of the spec's types by name, type and content. */
export async function checkScheduleMedia(cid: number, ref: { key: string; filename: string; mimetype: string }): Promise<ScheduleMedia> {
  if (!isScheduleMedia(ref.filename, ref.mimetype)) throw new AppError('ERR_UPLOAD_TYPE_NOT_ALLOWED');
  const { mimetype } = await checkUploaded(cid, ref);
  if (!isScheduleMedia(ref.filename, mimetype)) throw new AppError('ERR_UPLOAD_TYPE_NOT_ALLOWED');
  return { mediaKey: ref.key, mediaName: ref.filename, mimetype };
}

/** The references a schedule names, checked against the company: the contact (its name answered), a user, a connection. */
async function checkReferences(cid: number, r: { contactId: number; userId?: number | null; whatsappId?: number | null }): Promise<{ contactName: string }> {
  const [contact, user, conn] = await Promise.all([
    getContact(cid, r.contactId),
    r.userId ? getUser(cid, r.userId) : Promise.resolve(null),
    r.whatsappId ? getConnection(cid, r.whatsappId) : Promise.resolve(null),
  ]);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  if (r.userId && !user) throw new AppError('ERR_NO_USER_FOUND');
  if (r.whatsappId && !conn) throw new AppError('ERR_NO_WAPP_FOUND');
  return { contactName: contact.name };
}

export type NewSchedule = {
  body: string;
  sendAt: string;
  contactId: number;
  userId?: number | null;
  whatsappId?: number | null;
  daysR?: number;
  campId?: number | null;
  media?: ScheduleMedia;
};

/**
 * A new pending schedule of a company (the dialog, or a lane's campaign): its references checked,
 * stored with its due item, announced, and queued at once when its minute was already read by the tick.
 */
export async function createSchedule(companyId: number, input: NewSchedule): Promise<Schedule> {
  const { contactName } = await checkReferences(companyId, input);
  const now = new Date().toISOString();
  const s: Schedule = {
    id: await nextId(companyId, 'schedule'),
    companyId,
    body: input.body,
    sendAt: new Date(input.sendAt).toISOString(),
    sentAt: null,
    status: 'PENDENTE',
    error: null,
    contactId: input.contactId,
    contactName,
    userId: input.userId ?? null,
    whatsappId: input.whatsappId ?? null,
    daysR: input.daysR ?? 0,
    campId: input.campId ?? null,
    mediaKey: input.media?.mediaKey ?? null,
    mediaName: input.media?.mediaName ?? null,
    mimetype: input.media?.mimetype ?? null,
    searchText: searchTextOf(input.body, contactName),
    createdAt: now,
    updatedAt: now,
  };
  await insertSchedule(s).catch(conflict);
  await announceSchedule(s, true);
  await queueIfScanned(s);
  return s;
}

/**
 * Deletes a contact's pending schedules that `which` keeps (e.g. those of a lane, `campId !== null`);
 * answers how many went. A schedule being sent right now stays (it is no longer pending when done).
 */
export async function deleteSchedulesOf(companyId: number, contactId: number, which: (s: Schedule) => boolean = () => true): Promise<number> {
  let after: Record<string, unknown> | undefined;
  let n = 0;
  do {
    const page = await schedulePage(companyId, { contactId, after, limit: 100 });
    for (const s of page.items) {
      if (s.status !== 'PENDENTE' || !which(s)) continue;
      const removed = await removeSchedule(s).then(() => true, (err) => (err instanceof ScheduleConflict ? false : Promise.reject(err)));
      if (!removed) continue;
      n++;
      await emit({ type: 'schedule.deleted', companyId, scheduleId: s.id }, {});
    }
    after = page.last;
  } while (after);
  return n;
}

/**
 * GET /schedules: newest first, 20 a page by an opaque cursor (or pageNumber), optionally of one
 * contact; `searchParam` matches the contact's name and the body (case and accents aside) and
 * `lanes` 1 keeps the lanes' campaign schedules, both within the query's pages, at most 10 of them
 * a request (a rare match answers a short page and a cursor).
 */
export async function listSchedules(auth: AuthContext, q: { searchParam?: string; contactId?: number; lanes?: number; cursor?: string; pageNumber?: number; limit?: number }): Promise<SchedulesPage> {
  const cid = auth.companyId;
  const limit = q.limit ?? PAGE_SIZE;
  const byContact = q.contactId !== undefined;
  let after = decodeCursor(q.cursor, byContact ? contactSchedulesPartition(cid, q.contactId!) : schedulesPartition(cid));
  const search = fold(q.searchParam ?? '').trim() || undefined;
  const lanesOnly = q.lanes === 1;
  let skip = after ? 0 : ((q.pageNumber ?? 1) - 1) * limit;
  const rows: Schedule[] = [];
  let rounds = 0;
  do {
    const page = await schedulePage(cid, { contactId: q.contactId, after, limit: search || lanesOnly ? 200 : skip + limit + 1 - rows.length, search, lanesOnly });
    for (const s of page.items) {
      if (skip > 0) skip--;
      else rows.push(s);
    }
    after = page.last;
    rounds++;
  } while (after && rows.length <= limit && rounds < 10);
  const schedules = rows.slice(0, limit);
  const last = schedules[schedules.length - 1];
  // More rows than the page: go on after its last; else what the query had not read yet.
  const hasMore = rows.length > limit || Boolean(after);
  const keyOf = (s: Schedule) => ({ ...scheduleKey(cid, s.id), ...(byContact ? { GSI1PK: contactSchedulesPartition(cid, s.contactId), GSI1SK: pad(s.id) } : {}) });
  const cursorKey = rows.length > limit && last ? keyOf(last) : after;
  return { schedules: schedules.map(toScheduleView), hasMore, ...(hasMore && cursorKey ? { cursor: encodeCursor(cursorKey) } : {}) };
}

export async function findSchedule(auth: AuthContext, id: number): Promise<ScheduleView> {
  return toScheduleView(await loadSchedule(auth.companyId, id));
}

/** POST /schedules: the caller is the schedule's user unless the dialog names another of the company. */
export async function scheduleFromDialog(auth: AuthContext, body: ScheduleBody): Promise<ScheduleView> {
  const media = body.media ? await checkScheduleMedia(auth.companyId, body.media) : undefined;
  const s = await createSchedule(auth.companyId, { ...body, userId: body.userId === undefined ? auth.userId : body.userId, media });
  return toScheduleView(s);
}

/**
 * PUT /schedules/{id}: the fields sent change; not while it is being sent. A pending or failed
 * schedule is pending (an ERRO one, fixed, is sent again at its time, at once when that has
 * passed); a sent one stays sent unless it is given a new send time, when it is pending again.
 */
export async function updateSchedule(auth: AuthContext, id: number, input: UpdateScheduleBody, mediaChange?: ScheduleMedia | null): Promise<ScheduleView> {
  const cid = auth.companyId;
  const before = await loadSchedule(cid, id);
  const media = input.media ? await checkScheduleMedia(cid, input.media) : mediaChange;
  const contactId = input.contactId ?? before.contactId;
  const userId = input.userId === undefined ? before.userId : input.userId;
  const whatsappId = input.whatsappId === undefined ? before.whatsappId : input.whatsappId;
  const { contactName } = await checkReferences(cid, { contactId, userId: input.userId, whatsappId: input.whatsappId });
  const body = input.body ?? before.body;
  const sendAt = input.sendAt ? new Date(input.sendAt).toISOString() : before.sendAt;
  const pending = before.status !== 'ENVIADA' || sendAt !== before.sendAt;
  const { claimOwner: _o, claimAt: _c, runAt: _r, ...kept } = before;
  const after: Schedule = {
    ...kept,
    body,
    sendAt,
    contactId,
    contactName,
    userId,
    whatsappId,
    daysR: input.daysR ?? before.daysR,
    campId: input.campId === undefined ? before.campId : input.campId,
    ...(media === undefined ? {} : { mediaKey: media?.mediaKey ?? null, mediaName: media?.mediaName ?? null, mimetype: media?.mimetype ?? null }),
    ...(pending ? { status: 'PENDENTE' as const, sentAt: null, error: null } : {}),
    searchText: searchTextOf(body, contactName),
    updatedAt: new Date(Math.max(Date.now(), Date.parse(before.updatedAt) + 1)).toISOString(),
  };
  await replaceSchedule(before, after).catch(conflict);
  await announceSchedule(after, false);
  await queueIfScanned(after);
  return toScheduleView(after);
}

/** POST /schedules/{id}/media-upload: the schedule's attachment (replacing any). */
export const attachScheduleMedia = async (auth: AuthContext, id: number, ref: { key: string; filename: string; mimetype: string }): Promise<ScheduleView> =>
  updateSchedule(auth, id, {}, await checkScheduleMedia(auth.companyId, ref));

/** DELETE /schedules/{id}/media-upload: the attachment removed. */
export const detachScheduleMedia = (auth: AuthContext, id: number): Promise<ScheduleView> => updateSchedule(auth, id, {}, null);

export async function deleteSchedule(auth: AuthContext, id: number): Promise<void> {
  const s = await loadSchedule(auth.companyId, id);
  await removeSchedule(s).catch(conflict);
  await emit({ type: 'schedule.deleted', companyId: auth.companyId, scheduleId: id }, {});
}
