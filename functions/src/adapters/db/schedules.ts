/**
 * Scheduled messages (ACCESS_PATTERNS.md #98–#102): `C#<cid>#SCHEDULES` / id, with a contact's
 * schedules on GSI1 (`C#<cid>#SCHEDULES#CONTACT#<contactId>` / id). A pending schedule has a due
 * item in the platform's due partition of its minute, `P#DUE#SCHED#<YYYY-MM-DDTHH:MM>` /
 * `<sendAt>#<cid>#<id>`, written and removed in the schedule's own transactions; the tick reads the
 * minutes up to now that its cursor (`P#DUE#SCHED` / `CURSOR`) has not done yet.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ScheduleStatus } from '@conversa/shared/schemas/schedules';
import { db, table } from './client';
import { fromItem, pad } from './keys';
import { transact } from './transact';
import type { TxItem } from './users';

export type Schedule = {
  id: number;
  companyId: number;
  body: string;
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  error: string | null;
  contactId: number;
  contactName: string;
  userId: number | null;
  whatsappId: number | null;
  daysR: number;
  campId: number | null;
  mediaKey: string | null;
  mediaName: string | null;
  mimetype: string | null;
  /** Folded body and contact name: the list's search. */
  searchText: string;
  createdAt: string;
  updatedAt: string;
  /** The sender holding the send (an SQS message id) since `claimAt`; `runAt` = the time the run's message carries. */
  claimOwner?: string;
  claimAt?: string;
  runAt?: string;
};

export const schedulesPartition = (cid: number) => `C#${cid}#SCHEDULES`;
export const contactSchedulesPartition = (cid: number, contactId: number) => `C#${cid}#SCHEDULES#CONTACT#${contactId}`;
export const scheduleKey = (cid: number, id: number) => ({ PK: schedulesPartition(cid), SK: pad(id) });
const contactIndex = (s: Pick<Schedule, 'companyId' | 'contactId' | 'id'>) => ({ GSI1PK: contactSchedulesPartition(s.companyId, s.contactId), GSI1SK: pad(s.id) });

/** The due partition of a minute (`YYYY-MM-DDTHH:MM`, UTC) and a schedule's item in it. */
export const duePartition = (minute: string) => `P#DUE#SCHED#${minute}`;
export const dueMinute = (iso: string): string => new Date(iso).toISOString().slice(0, 16);
export const dueKey = (s: Pick<Schedule, 'companyId' | 'id' | 'sendAt'>) => ({ PK: duePartition(dueMinute(s.sendAt)), SK: `${new Date(s.sendAt).toISOString()}#${pad(s.companyId)}#${pad(s.id)}` });
const CURSOR_KEY = { PK: 'P#DUE#SCHED', SK: 'CURSOR' };

/** A claim older than this is taken over (its sender died mid-way; the send itself is idempotent). */
export const CLAIM_STALE_MS = 5 * 60_000;

/** A write lost to another one: the schedule is gone, or it changed (or is being sent) since it was read. */
export class ScheduleConflict extends Error {
  constructor(readonly reason: 'missing' | 'changed') {
    super(reason);
  }
}

const toSchedule = (item: Record<string, unknown>): Schedule => fromItem(item) as Schedule;

const putSchedule = (s: Schedule, condition: string, values?: Record<string, unknown>): TxItem => ({
  Put: { TableName: table(), Item: { ...scheduleKey(s.companyId, s.id), ...contactIndex(s), entity: 'schedule', ...s }, ConditionExpression: condition, ...(values ? { ExpressionAttributeValues: values } : {}) },
});
const putDue = (s: Schedule): TxItem => ({ Put: { TableName: table(), Item: { ...dueKey(s), entity: 'scheduleDue', companyId: s.companyId, scheduleId: s.id, sendAt: s.sendAt } } });
const deleteDue = (s: Schedule): TxItem => ({ Delete: { TableName: table(), Key: dueKey(s) } });
/** Not held by a live sender. */
const UNCLAIMED = '(attribute_not_exists(claimAt) OR claimAt < :stale)';
const staleBefore = (now: number) => new Date(now - CLAIM_STALE_MS).toISOString();

export async function getSchedule(cid: number, id: number): Promise<Schedule | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: scheduleKey(cid, id), ConsistentRead: true }));
  return out.Item ? toSchedule(out.Item) : undefined;
}

/**
 * One page of the company's schedules, newest first (or of one contact, on GSI1), after the key
 * `after`; `search` (folded) filters by `searchText` within the query.
 */
export async function schedulePage(cid: number, o: { contactId?: number; after?: Record<string, unknown>; limit: number; search?: string; lanesOnly?: boolean }): Promise<{ items: Schedule[]; last?: Record<string, unknown> }> {
  const byContact = o.contactId !== undefined;
  // A lane's schedule has a number in campId; one made by hand has null.
  const filters = [...(o.search ? ['contains(searchText, :q)'] : []), ...(o.lanesOnly ? ['attribute_type(campId, :n)'] : [])];
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      ...(byContact ? { IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk' } : { KeyConditionExpression: 'PK = :pk' }),
      ExpressionAttributeValues: { ':pk': byContact ? contactSchedulesPartition(cid, o.contactId!) : schedulesPartition(cid), ...(o.search ? { ':q': o.search } : {}), ...(o.lanesOnly ? { ':n': 'N' } : {}) },
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ScanIndexForward: false,
      ExclusiveStartKey: o.after,
      Limit: o.limit,
    }),
  );
  return { items: (out.Items ?? []).map(toSchedule), last: out.LastEvaluatedKey };
}

/** A new schedule and, when pending, its due item, in one transaction. */
export async function insertSchedule(s: Schedule): Promise<void> {
  const failed = await transact([putSchedule(s, 'attribute_not_exists(PK)'), ...(s.status === 'PENDENTE' ? [putDue(s)] : [])]);
  if (failed) throw new ScheduleConflict('changed');
}

/** Replaces the schedule as it was read (same updatedAt, not being sent); its due item moves with it. */
export async function replaceSchedule(before: Schedule, after: Schedule): Promise<void> {
  const failed = await transact([
    putSchedule(after, `attribute_exists(PK) AND updatedAt = :was AND ${UNCLAIMED}`, { ':was': before.updatedAt, ':stale': staleBefore(Date.now()) }),
    ...(before.status === 'PENDENTE' && (after.status !== 'PENDENTE' || dueKey(before).SK !== dueKey(after).SK) ? [deleteDue(before)] : []),
    ...(after.status === 'PENDENTE' ? [putDue(after)] : []),
  ]);
  if (failed) throw new ScheduleConflict(failed.includes(0) ? 'missing' : 'changed');
}

/** Deletes the schedule as it was read (not while a sender holds it) and its due item. */
export async function removeSchedule(s: Schedule): Promise<void> {
  const failed = await transact([
    { Delete: { TableName: table(), Key: scheduleKey(s.companyId, s.id), ConditionExpression: `attribute_exists(PK) AND updatedAt = :was AND ${UNCLAIMED}`, ExpressionAttributeValues: { ':was': s.updatedAt, ':stale': staleBefore(Date.now()) } } },
    ...(s.status === 'PENDENTE' ? [deleteDue(s)] : []),
  ]);
  if (failed) throw new ScheduleConflict(failed.includes(0) ? 'missing' : 'changed');
}

/**
 * The sender's claim of one run (`sendAt`): only a pending schedule still due at that time, not held
 * by another live sender (the same owner may take it again: SQS retries a message with its id).
 * `runAt` is set once per run, so a taken-over claim sends the same message (idempotent by it).
 * Answers the claimed schedule, or undefined when the run is not this sender's to do.
 */
export async function claimSchedule(cid: number, id: number, sendAt: string, owner: string, now: Date): Promise<Schedule | undefined> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: scheduleKey(cid, id),
        UpdateExpression: 'SET claimOwner = :me, claimAt = :now, runAt = if_not_exists(runAt, :now)',
        ConditionExpression: `attribute_exists(PK) AND #s = :pending AND sendAt = :sendAt AND (attribute_not_exists(claimAt) OR claimOwner = :me OR claimAt < :stale)`,
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':me': owner, ':now': now.toISOString(), ':pending': 'PENDENTE', ':sendAt': sendAt, ':stale': staleBefore(now.getTime()) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? toSchedule(out.Attributes) : undefined;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw err;
  }
}

/**
 * Ends a claimed run: the schedule's outcome (ENVIADA or ERRO with the reason), its due item gone
 * and, for a recurring one, the next run as a new pending schedule with its due item, in one
 * transaction conditional on the claim. False when the claim was taken over meanwhile.
 */
export async function finishRun(s: Schedule, owner: string, outcome: { status: 'ENVIADA' | 'ERRO'; at: string; error: string | null }, next?: Schedule): Promise<boolean> {
  const failed = await transact([
    {
      Update: {
        TableName: table(),
        Key: scheduleKey(s.companyId, s.id),
        UpdateExpression: 'SET #s = :status, sentAt = :sentAt, #e = :error, updatedAt = :at REMOVE claimOwner, claimAt, runAt',
        ConditionExpression: 'claimOwner = :me AND #s = :pending',
        ExpressionAttributeNames: { '#s': 'status', '#e': 'error' },
        ExpressionAttributeValues: { ':status': outcome.status, ':sentAt': outcome.status === 'ENVIADA' ? outcome.at : null, ':error': outcome.error, ':at': outcome.at, ':me': owner, ':pending': 'PENDENTE' },
      },
    },
    deleteDue(s),
    ...(next ? [putSchedule(next, 'attribute_not_exists(PK)'), putDue(next)] : []),
  ]);
  // Cancelled by a concurrent write, not by a condition: thrown, so the job is tried again.
  if (failed && !failed.length) throw new Error(`schedule ${s.companyId}/${s.id}: its outcome's transaction was cancelled`);
  return !failed;
}

/** The due items of one minute, in send order. */
export async function dueInMinute(minute: string): Promise<{ companyId: number; scheduleId: number; sendAt: string }[]> {
  const out: { companyId: number; scheduleId: number; sendAt: string }[] = [];
  let after: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': duePartition(minute) }, ExclusiveStartKey: after, ConsistentRead: true }));
    for (const i of page.Items ?? []) out.push({ companyId: Number(i.companyId), scheduleId: Number(i.scheduleId), sendAt: String(i.sendAt) });
    after = page.LastEvaluatedKey;
  } while (after);
  return out;
}

/** The tick's cursor: `done` = the last minute whose due items were all queued; `scanning` = the last minute a tick began to read. */
export type DueCursor = { done?: string; scanning?: string };
export async function getDueCursor(): Promise<DueCursor> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: CURSOR_KEY, ConsistentRead: true }));
  return { done: out.Item?.done as string | undefined, scanning: out.Item?.scanning as string | undefined };
}
/** Moves one mark of the cursor forward (never back). */
export async function advanceDueCursor(mark: 'done' | 'scanning', minute: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({ TableName: table(), Key: CURSOR_KEY, UpdateExpression: 'SET #m = :v', ConditionExpression: 'attribute_not_exists(#m) OR #m < :v', ExpressionAttributeNames: { '#m': mark }, ExpressionAttributeValues: { ':v': minute } }),
    );
  } catch (err) {
    if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
  }
}
