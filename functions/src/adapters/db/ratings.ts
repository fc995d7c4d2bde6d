/**
 * Ratings (spec 3 §3 Rating): `C#<cid>#RATINGS` / id, counted at `C#<cid>#COUNTER` / `ratings` in
 * the same transaction. At most one rating is the company's general (`geral`) one: the pointer
 * `C#<cid>#COUNTER` / `ratingGeral` → ratingId moves in the transaction that marks another,
 * conditional on the pointer as it was read, and clears the old rating's mark.
 *
 * What customers answer: `C#<cid>#RATED` / `<ticketId>#<messageId>`, stored in one transaction with
 * the ticket's update conditional on its `ratingWait` and the satisfaction stats, so an answer
 * counts once. Waits that are due are found by the tick through `P#DUE#RATING` /
 * `<until>#<cid>#<ticketId>`, written before the wait (ACCESS_PATTERNS.md #51–#55).
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { losesGeneralMark } from '@conversa/shared/general-rating';
import { db, table } from './client';
import type { RatingOption, RatingView } from '@conversa/shared/schemas/ratings';
import { fromItem, keys, pad } from './keys';
import { ticketKey, type Ticket } from './tickets';
import { transact } from './transact';
import type { TxItem } from './users';

export type { RatingOption };

/** A rating as stored: its view plus the company it belongs to. */
export type Rating = RatingView & { companyId: number };

export const ratingsPartition = (cid: number) => `C#${cid}#RATINGS`;
export const ratingKey = (cid: number, id: number) => ({ PK: ratingsPartition(cid), SK: pad(id) });
const countKey = (cid: number) => keys.counter(cid, 'ratings');
const geralKey = (cid: number) => keys.counter(cid, 'ratingGeral');

/** A write lost to another one: the rating is gone, or it (or the general mark) changed since it was read. */
export class RatingConflict extends Error {
  constructor(readonly reason: 'missing' | 'changed') {
    super(reason);
  }
}

function toRating(item: Record<string, unknown>): Rating {
  const rest = fromItem(item);
  return rest as Rating;
}

const isConditionFail = (err: unknown) => (err as { name?: string }).name === 'ConditionalCheckFailedException';

export async function getRating(cid: number, id: number): Promise<Rating | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: ratingKey(cid, id), ConsistentRead: true }));
  return out.Item ? toRating(out.Item) : undefined;
}

/** One page of the company's ratings by id, after the key `after` (exclusive). */
export async function ratingPage(cid: number, o: { after?: Record<string, unknown>; limit: number }): Promise<{ items: Rating[]; last?: Record<string, unknown> }> {
  const out = await db().send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': ratingsPartition(cid) }, ExclusiveStartKey: o.after, Limit: o.limit }),
  );
  return { items: (out.Items ?? []).map(toRating), last: out.LastEvaluatedKey };
}

/** Every rating of the company (tens at most). */
export async function allRatings(cid: number): Promise<Rating[]> {
  const items: Rating[] = [];
  let after: Record<string, unknown> | undefined;
  do {
    const page = await ratingPage(cid, { after, limit: 500 });
    items.push(...page.items);
    after = page.last;
  } while (after);
  return items;
}

export async function countRatings(cid: number): Promise<number> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: countKey(cid) }));
  return Number(out.Item?.value ?? 0);
}

/** The id of the company's general rating, if any (consistent: the general mark's writes condition on it). */
export async function generalRatingId(cid: number): Promise<number | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: geralKey(cid), ConsistentRead: true }));
  return out.Item ? Number(out.Item.ratingId) : undefined;
}

const put = (r: Rating, condition: string, values?: Record<string, unknown>): TxItem => ({
  Put: { TableName: table(), Item: { ...ratingKey(r.companyId, r.id), entity: 'rating', ...r }, ConditionExpression: condition, ...(values ? { ExpressionAttributeValues: values } : {}) },
});
const countBy = (cid: number, n: number): TxItem => ({ Update: { TableName: table(), Key: countKey(cid), UpdateExpression: 'ADD #v :n', ExpressionAttributeNames: { '#v': 'value' }, ExpressionAttributeValues: { ':n': n } } });

/**
 * The general mark's moves when rating `id` goes from `was` to `now` general, the pointer being
 * `pointer` when read: the pointer moves to it (and the previous general rating loses its mark),
 * or is removed when it pointed at this one.
 */
function geralMoves(cid: number, id: number, was: boolean, now: boolean, pointer: number | undefined, at: string): TxItem[] {
  if (now && (!was || pointer !== id)) {
    const moves: TxItem[] = [
      {
        Put: {
          TableName: table(),
          Item: { ...geralKey(cid), entity: 'ratingGeral', ratingId: id },
          ...(pointer === undefined ? { ConditionExpression: 'attribute_not_exists(PK)' } : { ConditionExpression: 'ratingId = :prev', ExpressionAttributeValues: { ':prev': pointer } }),
        },
      },
    ];
    if (pointer !== undefined && losesGeneralMark({ id: pointer, geral: true }, { id, geral: now })) {
      moves.push({
        Update: { TableName: table(), Key: ratingKey(cid, pointer), UpdateExpression: 'SET geral = :f, updatedAt = :at', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':f': false, ':at': at } },
      });
    }
    return moves;
  }
  if (!now && pointer === id) return [{ Delete: { TableName: table(), Key: geralKey(cid), ConditionExpression: 'ratingId = :me', ExpressionAttributeValues: { ':me': id } } }];
  return [];
}

export async function createRating(r: Rating, pointer: number | undefined): Promise<void> {
  const failed = await transact([put(r, 'attribute_not_exists(PK)'), countBy(r.companyId, 1), ...geralMoves(r.companyId, r.id, false, r.geral, pointer, r.updatedAt)]);
  if (failed) throw new RatingConflict('changed');
}

/** Replaces the rating as it was read (same updatedAt) with `after`; the general mark moves in the same transaction. */
export async function replaceRating(before: Rating, after: Rating, pointer: number | undefined): Promise<void> {
  const failed = await transact([
    put(after, 'attribute_exists(PK) AND updatedAt = :was', { ':was': before.updatedAt }),
    ...geralMoves(before.companyId, before.id, before.geral, after.geral, pointer, after.updatedAt),
  ]);
  if (failed) throw new RatingConflict(failed.includes(0) ? 'missing' : 'changed');
}

export async function deleteRating(r: Rating, pointer: number | undefined): Promise<void> {
  const failed = await transact([
    { Delete: { TableName: table(), Key: ratingKey(r.companyId, r.id), ConditionExpression: 'attribute_exists(PK)' } },
    countBy(r.companyId, -1),
    ...geralMoves(r.companyId, r.id, r.geral, false, pointer, r.updatedAt),
  ]);
  if (failed) throw new RatingConflict(failed.includes(0) ? 'missing' : 'changed');
}

// ─── rating waits and answers ────────────────────────────────────────────────────────────────

export type RatingWait = NonNullable<Ticket['ratingWait']>;

export const DUE_PARTITION = 'P#DUE#RATING';
export const dueKey = (until: string, cid: number, ticketId: number) => ({ PK: DUE_PARTITION, SK: `${until}#${pad(cid)}#${pad(ticketId)}` });

export type DueWait = { until: string; companyId: number; ticketId: number; expired: boolean };

/** Enters a wait in the due-time index (before the ticket's `ratingWait` is set). */
export async function putDue(until: string, cid: number, ticketId: number): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...dueKey(until, cid, ticketId), entity: 'ratingDue', companyId: cid, ticketId, until } }));
}

export async function deleteDue(d: Pick<DueWait, 'until' | 'companyId' | 'ticketId'>): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: dueKey(d.until, d.companyId, d.ticketId) }));
}

/** Waits due at `now`, oldest first. */
export async function dueWaits(now: Date, limit: number): Promise<DueWait[]> {
  const out = await db().send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk AND SK < :now', ExpressionAttributeValues: { ':pk': DUE_PARTITION, ':now': `${now.toISOString()}~` }, Limit: limit, ConsistentRead: true }),
  );
  return (out.Items ?? []).map((i) => ({ until: String(i.until), companyId: Number(i.companyId), ticketId: Number(i.ticketId), expired: i.expired === true }));
}

/** Sets the wait on a closed ticket; false when the ticket is no longer closed. */
export async function setRatingWait(cid: number, ticketId: number, wait: RatingWait): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: ticketKey(cid, ticketId),
        UpdateExpression: 'SET ratingWait = :w',
        ConditionExpression: 'attribute_exists(PK) AND #s = :closed',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':w': wait, ':closed': 'closed' },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFail(err)) return false;
    throw err;
  }
}

/**
 * The ticket's update that ends the wait it had at `until` (and only that one): on a closed ticket
 * (an answer, a timeout), or on any ticket (`anyStatus`: a stale wait of a reopened ticket).
 */
function endWait(cid: number, ticketId: number, until: string, o: { ratedAt?: string; anyStatus?: boolean } = {}) {
  return {
    TableName: table(),
    Key: ticketKey(cid, ticketId),
    UpdateExpression: `${o.ratedAt ? 'SET ratedAt = :at ' : ''}REMOVE ratingWait`,
    ConditionExpression: o.anyStatus ? 'ratingWait.#u = :u' : 'ratingWait.#u = :u AND #s = :closed',
    ExpressionAttributeNames: { '#u': 'until', ...(o.anyStatus ? {} : { '#s': 'status' }) },
    ExpressionAttributeValues: { ':u': until, ...(o.anyStatus ? {} : { ':closed': 'closed' }), ...(o.ratedAt ? { ':at': o.ratedAt } : {}) },
  };
}

/**
 * Ends a wait without a rating or a message (an answer that is no option; a stale wait, with
 * `anyStatus`) and its due item; false when it had ended already.
 */
export async function endRatingWait(cid: number, ticketId: number, until: string, o: { anyStatus?: boolean } = {}): Promise<boolean> {
  try {
    await db().send(new UpdateCommand(endWait(cid, ticketId, until, o)));
  } catch (err) {
    if (isConditionFail(err)) return false;
    throw err;
  }
  await deleteDue({ until, companyId: cid, ticketId });
  return true;
}

/**
 * Ends a wait that timed out: the ticket's wait removed and the due item marked `expired` in one
 * transaction, so a tick that dies before sending the completion message finds the mark and sends
 * it then. False when the wait had ended already (answered, or another tick).
 */
export async function expireRatingWait(d: Pick<DueWait, 'until' | 'companyId' | 'ticketId'>): Promise<boolean> {
  const failed = await transact([
    { Update: endWait(d.companyId, d.ticketId, d.until) },
    { Update: { TableName: table(), Key: dueKey(d.until, d.companyId, d.ticketId), UpdateExpression: 'SET expired = :t', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':t': true } } },
  ]);
  if (failed && !failed.length) throw new Error('rating wait expiry: transaction cancelled without a failed condition');
  return !failed;
}

/** A customer's answer to a rating menu. */
export type RatingAnswer = {
  companyId: number;
  ticketId: number;
  /** The customer's message that answered. */
  messageId: string;
  ratingId: number;
  /** The agent rated. */
  userId: number | null;
  contactId: number;
  option: string;
  value: number;
  /** Satisfaction level 1–5 (domain/ratings/levels.ts). */
  level: number;
  at: string;
};

export const answerKey = (cid: number, ticketId: number, messageId: string) => ({ PK: `C#${cid}#RATED`, SK: `${pad(ticketId)}#${messageId}` });

export async function getAnswer(cid: number, ticketId: number, messageId: string): Promise<RatingAnswer | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: answerKey(cid, ticketId, messageId), ConsistentRead: true }));
  if (!out.Item) return undefined;
  const rest = fromItem(out.Item);
  return rest as RatingAnswer;
}

/**
 * Stores an answer once: the ticket's wait (the one ending at `until`) becomes `ratedAt`, the
 * answer is recorded, the satisfaction stats (`stats`) are added and the due item goes, in one
 * transaction. False when the wait had ended already.
 */
export async function storeAnswer(a: RatingAnswer, until: string, stats: TxItem[]): Promise<boolean> {
  const failed = await transact([
    { Update: endWait(a.companyId, a.ticketId, until, { ratedAt: a.at }) },
    { Put: { TableName: table(), Item: { ...answerKey(a.companyId, a.ticketId, a.messageId), entity: 'ratingAnswer', ...a }, ConditionExpression: 'attribute_not_exists(PK)' } },
    ...stats,
    { Delete: { TableName: table(), Key: dueKey(until, a.companyId, a.ticketId) } },
  ]);
  // A cancellation with no failed condition (a conflicting transaction) is retried by the caller's queue.
  if (failed && !failed.length) throw new Error('rating answer: transaction cancelled without a failed condition');
  return !failed;
}
