/**
 * Dashboard aggregates (spec 1 §2 "Dashboard"), written with the transitions, never computed by
 * scanning: `C#<cid>#STATS` with one item per company day `D#<yyyy-MM-dd>`, per agent and day
 * `U#<yyyy-MM-dd>#<userId>` and per hour `H#<yyyy-MM-dd>#<HH>`. Days are the company's days
 * (America/Sao_Paulo). Fields are plain numbers added with ADD:
 * - D: created, closed, leads, supportMs/supportN (accepted → closed), waitMs/waitN (queued → accepted),
 *   sent, received (added from the table's stream: workers/message-totals.ts)
 * - U: tickets (taken by the agent), closed, supportMs/supportN
 * - D and U, from rating answers (domain/ratings/satisfaction-levels.ts): rated (answers stored that
 *   day; on U, answers rating the agent), rate1…rate5 (answers per satisfaction level), rateSum (sum of their levels)
 * - H: created
 */
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { STATS_TIME_ZONE } from '@conversa/shared/constants';
import { db, table } from './client';
import type { TxItem } from './users';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: STATS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: STATS_TIME_ZONE, timeZoneName: 'longOffset' });

/** When company day `day` ('yyyy-MM-dd') starts and ends, as ISO instants (the zone's offset at that day's noon). */
export function dayBounds(day: string): { start: string; end: string } {
  const name = offsetFormat.formatToParts(new Date(`${day}T12:00:00Z`)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = name === 'GMT' ? 'Z' : name.slice(3);
  const start = new Date(`${day}T00:00:00${offset}`);
  return { start: start.toISOString(), end: new Date(start.getTime() + 86_400_000).toISOString() };
}

/** The company day and hour of an instant: `{ day: 'yyyy-MM-dd', hour: 'HH' }`. */
export function localDay(at: Date | string): { day: string; hour: string } {
  const parts = Object.fromEntries(dayFormat.formatToParts(typeof at === 'string' ? new Date(at) : at).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: parts.hour === '24' ? '00' : parts.hour! };
}

export const statsPK = (cid: number) => `C#${cid}#STATS`;
export const dayItemSK = (day: string) => `D#${day}`;
export const userDaySK = (day: string, userId: number) => `U#${day}#${String(userId).padStart(10, '0')}`;
export const hourSK = (day: string, hour: string) => `H#${day}#${hour}`;

/** Additions to several stats items, merged per item (a transaction may touch an item once). */
export class StatsDelta {
  private readonly items = new Map<string, Record<string, number>>();
  constructor(readonly companyId: number) {}
  add(sk: string, field: string, n: number): this {
    if (!n) return this;
    const fields = this.items.get(sk) ?? {};
    fields[field] = (fields[field] ?? 0) + n;
    this.items.set(sk, fields);
    return this;
  }
  merge(o: StatsDelta): this {
    for (const [sk, fields] of o.items) for (const [f, n] of Object.entries(fields)) this.add(sk, f, n);
    return this;
  }
  /** The additions per item (for countOnce). */
  adds(): CounterAdd[] {
    return [...this.items].map(([sk, fields]) => ({ PK: statsPK(this.companyId), SK: sk, fields: { ...fields } }));
  }
  /** One Update per item, for a TransactWrite. */
  txItems(): TxItem[] {
    return [...this.items].map(([sk, fields]) => {
      const names: Record<string, string> = {};
      const values: Record<string, number> = {};
      const adds = Object.entries(fields).map(([f, n], i) => {
        names[`#f${i}`] = f;
        values[`:v${i}`] = n;
        return `#f${i} :v${i}`;
      });
      return { Update: { TableName: table(), Key: { PK: statsPK(this.companyId), SK: sk }, UpdateExpression: `ADD ${adds.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values } };
    });
  }
}

/** Sent and received messages of one company day (a stream batch's sums). */
export type MessageTally = { cid: number; day: string; sent: number; received: number };

const guardKey = (batchId: string) => ({ PK: 'P#STREAMGUARD', SK: batchId });
/** Stream records are kept 24 hours; a guard outlives any retry of its batch. */
const GUARD_TTL_S = 48 * 3600;

/** Additions to one counter item (`PK`, `SK`): field → amount. */
export type CounterAdd = { PK: string; SK: string; fields: Record<string, number> };

/** The message tallies as counter additions (the day items' `sent` and `received`). */
export const tallyAdds = (tallies: readonly MessageTally[]): CounterAdd[] =>
  tallies.filter((t) => t.sent || t.received).map((t) => ({ PK: statsPK(t.cid), SK: dayItemSK(t.day), fields: { sent: t.sent, received: t.received } }));

/**
 * Adds a stream batch's counts exactly once (message totals, tickets created, contacts): the
 * counter items' ADDs (merged per item) and a guard item named after the batch's first record,
 * in one transaction. The guard keeps the sequence number of the last record counted, so a retry
 * of the same batch (which may carry more records than the first try) counts only what came
 * after it. Answers false when the guard was there already.
 */
export async function countOnce(batchId: string, lastSeq: string, adds: readonly CounterAdd[], expectedSeq?: string): Promise<boolean> {
  const merged = new Map<string, CounterAdd>();
  for (const a of adds) {
    const k = `${a.PK}|${a.SK}`;
    const m = merged.get(k) ?? { PK: a.PK, SK: a.SK, fields: {} };
    for (const [f, n] of Object.entries(a.fields)) m.fields[f] = (m.fields[f] ?? 0) + n;
    merged.set(k, m);
  }
  const items: TxItem[] = [...merged.values()]
    .filter((a) => Object.values(a.fields).some((n) => n))
    .map((a) => {
      const names: Record<string, string> = {};
      const values: Record<string, number> = {};
      const parts = Object.entries(a.fields).map(([f, n], i) => {
        names[`#f${i}`] = f;
        values[`:v${i}`] = n;
        return `#f${i} :v${i}`;
      });
      return { Update: { TableName: table(), Key: { PK: a.PK, SK: a.SK }, UpdateExpression: `ADD ${parts.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values } };
    });
  if (!items.length) return true;
  const guard = { ...guardKey(batchId), lastSeq, expiresAt: Math.floor(Date.now() / 1000) + GUARD_TTL_S };
  items.push(
    expectedSeq === undefined
      ? { Put: { TableName: table(), Item: guard, ConditionExpression: 'attribute_not_exists(PK)' } }
      : { Put: { TableName: table(), Item: guard, ConditionExpression: 'lastSeq = :seen', ExpressionAttributeValues: { ':seen': expectedSeq } } },
  );
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (err) {
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if (reasons?.[reasons.length - 1]?.Code === 'ConditionalCheckFailed') return false;
    throw err;
  }
}

/** The last record a batch's guard counted, if that batch was counted before. */
export async function countedUpTo(batchId: string): Promise<string | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: guardKey(batchId), ConsistentRead: true }));
  return out.Item?.lastSeq as string | undefined;
}

/** The stats items of one kind (`D`, `U`, `H`) between two days, inclusive: one Query per range. */
export async function statsBetween(cid: number, kind: 'D' | 'U' | 'H', from: string, to: string): Promise<Record<string, any>[]> {
  const items: Record<string, any>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :a AND :b',
        ExpressionAttributeValues: { ':pk': statsPK(cid), ':a': `${kind}#${from}`, ':b': `${kind}#${to}~` },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}
