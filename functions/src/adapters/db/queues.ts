/**
 * Queues (sectors), their chatbot option trees and working hours (spec 2 "Queue modal", §3).
 *
 * - Queue: `C#<cid>#QUEUES` / <id padded>, fields as `Queue` (the ticket view batch-reads `name`
 *   and `color` from it, so the item stays small: no tree inside).
 * - Its option tree: one item beside it, `C#<cid>#QUEUES` / <id padded>#TREE, the nested options
 *   in one attribute with a revision `rev`. The bot reads a queue and its tree with two GetItems
 *   (or the whole menu, every queue and tree of the company, with one Query of the partition); a
 *   save of the queue modal replaces the tree with one conditional Put (`rev` = the one read), so
 *   concurrent edits never interleave half a tree. Size: the request body is capped at 256 KB,
 *   so a tree stays below the 400 KB item limit; a typical tree (tens of options) is 1–10 KB,
 *   one to three read units for the bot. Options are found by id by reading the partition (the
 *   plan caps a company's queues at 3–50), which only the admin's chatbot screens do.
 * - Colour, unique per company: `C#<cid>#QCOLOR` / <normalised colour> → queueId, written in the
 *   queue's transaction (`attribute_not_exists`), moved in one when the colour changes.
 * - Plan limit: counter `C#<cid>#COUNTER` / `queues`, `ADD 1` conditional on `< plan.queues` in the
 *   create transaction, `ADD -1` in the delete's.
 * - Company working hours: `C#<cid>#HOURS` / `COMPANY`.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ChatbotOptionView, QueueView, ScheduleEntry } from '@conversa/shared/schemas/queues';
import { db, table } from './client';
import { counterKey } from './counters';
import { keys, pad } from './keys';

type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The stored queue: the view's fields less the tree, plus the company and the edit revision. */
export type Queue = Omit<QueueView, 'chatbots'> & {
  companyId: number;
  /** Revision of the queue's fields (optimistic lock of edits). */
  rev?: number;
};

/**
 * An option as stored in its queue's tree item: the view without what the tree's shape already
 * says (its queue, its parent, its position among its siblings).
 */
export type StoredOption = Omit<ChatbotOptionView, 'queueId' | 'parentId' | 'order' | 'options'> & { options: StoredOption[] };

/** A queue's tree as read: `rev` 0 when the queue never had one. */
export type ChatbotTree = { queueId: number; rev: number; options: StoredOption[] };

export const queuePartition = (cid: number) => `C#${cid}#QUEUES`;
export const treeKey = (cid: number, queueId: number) => ({ PK: queuePartition(cid), SK: `${pad(queueId)}#TREE` });
export const colorKey = (cid: number, color: string) => ({ PK: `C#${cid}#QCOLOR`, SK: color });
export const companyHoursKey = (cid: number) => ({ PK: `C#${cid}#HOURS`, SK: 'COMPANY' });

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function toQueue(item: Record<string, unknown>): Queue {
  return {
    id: Number(item.id ?? Number(item.SK)),
    companyId: Number(item.companyId ?? String(item.PK).split('#')[1]),
    name: str(item.name),
    color: str(item.color),
    greetingMessage: str(item.greetingMessage),
    outOfHoursMessage: str(item.outOfHoursMessage),
    orderQueue: typeof item.orderQueue === 'number' ? item.orderQueue : null,
    typebotUrl: strOrNull(item.typebotUrl),
    typebotName: strOrNull(item.typebotName),
    urlFlow: strOrNull(item.urlFlow),
    tokenFlow: strOrNull(item.tokenFlow),
    schedules: Array.isArray(item.schedules) ? (item.schedules as ScheduleEntry[]) : [],
    flowId: typeof item.flowId === 'number' ? item.flowId : null,
    createdAt: str(item.createdAt),
    updatedAt: str(item.updatedAt),
    ...(typeof item.rev === 'number' ? { rev: item.rev } : {}),
  };
}

function toTree(queueId: number, item: Record<string, unknown> | undefined): ChatbotTree {
  if (!item) return { queueId, rev: 0, options: [] };
  return { queueId, rev: Number(item.rev ?? 0), options: (item.options as StoredOption[] | undefined) ?? [] };
}

/** The customer's menu order: `orderQueue` (unset last), then id. */
export const menuOrder = (a: Pick<Queue, 'orderQueue' | 'id'>, b: Pick<Queue, 'orderQueue' | 'id'>): number =>
  (a.orderQueue ?? Number.MAX_SAFE_INTEGER) - (b.orderQueue ?? Number.MAX_SAFE_INTEGER) || a.id - b.id;

/** The nested views of stored options: children in their stored order, `order` their position. */
export function optionViews(queueId: number, options: StoredOption[], parentId: number | null = null): ChatbotOptionView[] {
  return options.map((o, order) => ({
    id: o.id,
    queueId,
    parentId,
    name: o.name,
    greetingMessage: o.greetingMessage,
    optionType: o.optionType,
    mediaKey: o.mediaKey ?? null,
    mediaName: o.mediaName ?? null,
    mimetype: o.mimetype ?? null,
    isAgent: o.isAgent,
    forwardQueueId: o.forwardQueueId ?? null,
    order,
    options: optionViews(queueId, o.options ?? [], o.id),
  }));
}

// ---- reads -----------------------------------------------------------------------------------

export async function getQueue(cid: number, id: number, consistent = false): Promise<Queue | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: keys.queue(cid, id), ConsistentRead: consistent }));
  return out.Item ? toQueue(out.Item) : undefined;
}

export async function getChatbotTree(cid: number, queueId: number, consistent = false): Promise<ChatbotTree> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: treeKey(cid, queueId), ConsistentRead: consistent }));
  return toTree(queueId, out.Item);
}

/** A queue's option tree, nested, children in menu order (what the bot walks). */
export async function queueOptions(cid: number, queueId: number): Promise<ChatbotOptionView[]> {
  return optionViews(queueId, (await getChatbotTree(cid, queueId)).options);
}

/** Every queue of the company with its tree, in menu order: one Query of the partition. */
export async function queuesWithTrees(cid: number, consistent = false): Promise<{ queue: Queue; tree: ChatbotTree }[]> {
  const queues = new Map<number, Queue>();
  const trees = new Map<number, Record<string, unknown>>();
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': queuePartition(cid) }, ExclusiveStartKey: start, ConsistentRead: consistent }),
    );
    for (const item of out.Items ?? []) {
      const sk = String(item.SK);
      if (sk.endsWith('#TREE')) trees.set(Number(sk.slice(0, -5)), item);
      else queues.set(Number(sk), toQueue(item));
    }
    start = out.LastEvaluatedKey;
  } while (start);
  // A tree whose queue is gone (deleted while an option was being saved) is ignored.
  return [...queues.values()].sort(menuOrder).map((queue) => ({ queue, tree: toTree(queue.id, trees.get(queue.id)) }));
}

/** The company's queues in menu order (`orderQueue`, then id). */
export async function listQueues(cid: number): Promise<Queue[]> {
  return (await queuesWithTrees(cid)).map((q) => q.queue);
}

export async function getCompanySchedules(cid: number, consistent = false): Promise<ScheduleEntry[]> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: companyHoursKey(cid), ConsistentRead: consistent }));
  return Array.isArray(out.Item?.schedules) ? (out.Item.schedules as ScheduleEntry[]) : [];
}

// ---- writes ----------------------------------------------------------------------------------

/** Why a queue write was refused. */
export class QueueConflict extends Error {
  constructor(readonly reason: 'color' | 'limit' | 'stale') {
    super(reason);
  }
}

/**
 * Runs a transaction; answers the positions whose condition failed (empty = written). A
 * transaction that only collided with another one (two creates in a company both add to the
 * queue counter) is tried again.
 */
async function transact(items: TxItem[]): Promise<number[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return [];
    } catch (err) {
      if (!(err instanceof TransactionCanceledException)) throw err;
      const reasons = err.CancellationReasons ?? [];
      const failed = reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
      if (failed.length) return failed;
      if (attempt >= 4 || !reasons.some((r) => r.Code === 'TransactionConflict')) throw err;
      await new Promise((r) => setTimeout(r, 25 * 2 ** attempt + Math.random() * 25));
    }
  }
}

const queueItem = (q: Queue) => ({ ...keys.queue(q.companyId, q.id), entity: 'queue', ...q });
const treeItem = (cid: number, queueId: number, rev: number, options: StoredOption[]) => ({ ...treeKey(cid, queueId), entity: 'chatbotTree', queueId, rev, options });
const colorItem = (q: Queue, color: string) => ({ ...colorKey(q.companyId, color), entity: 'queueColor', queueId: q.id });

/** The tree's Put, conditional on the revision read (`rev` 0: there was none). */
function treePut(cid: number, before: ChatbotTree, options: StoredOption[]): TxItem {
  return {
    Put: {
      TableName: table(),
      Item: treeItem(cid, before.queueId, before.rev + 1, options),
      ...(before.rev === 0 ? { ConditionExpression: 'attribute_not_exists(PK)' } : { ConditionExpression: 'rev = :was', ExpressionAttributeValues: { ':was': before.rev } }),
    },
  };
}

/** A new queue (and its tree) with its colour item, within the plan's limit, in one transaction. */
export async function insertQueue(q: Queue, colorId: string, options: StoredOption[], maxQueues: number): Promise<void> {
  const items: TxItem[] = [
    { Put: { TableName: table(), Item: queueItem(q), ConditionExpression: 'attribute_not_exists(PK)' } },
    { Put: { TableName: table(), Item: colorItem(q, colorId), ConditionExpression: 'attribute_not_exists(PK)' } },
    {
      Update: {
        TableName: table(),
        Key: counterKey(q.companyId, 'queues'),
        UpdateExpression: 'ADD #v :one',
        ConditionExpression: 'attribute_not_exists(#v) OR #v < :max',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':one': 1, ':max': maxQueues },
      },
    },
  ];
  if (options.length) items.push(treePut(q.companyId, { queueId: q.id, rev: 0, options: [] }, options));
  const failed = await transact(items);
  if (failed.includes(1)) throw new QueueConflict('color');
  if (failed.includes(2)) throw new QueueConflict('limit');
  if (failed.length) throw new QueueConflict('stale');
}

/**
 * Replaces the queue as it was read (`before`, same revision) with `after`; the colour item moves
 * from `color.from` to `color.to` when given, and the tree is replaced in the same transaction
 * when one is given. Answers the stored queue.
 */
export async function replaceQueue(before: Queue, after: Queue, color?: { from?: string; to: string }, tree?: { before: ChatbotTree; options: StoredOption[] }): Promise<Queue> {
  const cid = before.companyId;
  const { rev: _r, ...fields } = after;
  const stored: Queue = { ...fields, rev: (before.rev ?? 0) + 1 };
  const items: TxItem[] = [
    {
      Put: {
        TableName: table(),
        Item: queueItem(stored),
        ...(before.rev === undefined
          ? { ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(rev)' }
          : { ConditionExpression: 'rev = :was', ExpressionAttributeValues: { ':was': before.rev } }),
      },
    },
  ];
  if (color) {
    items.push({ Put: { TableName: table(), Item: colorItem(after, color.to), ConditionExpression: 'attribute_not_exists(PK)' } });
    if (color.from) items.push({ Delete: { TableName: table(), Key: colorKey(cid, color.from), ConditionExpression: 'attribute_not_exists(PK) OR queueId = :id', ExpressionAttributeValues: { ':id': before.id } } });
  }
  if (tree) items.push(treePut(cid, tree.before, tree.options));
  const failed = await transact(items);
  if (color && failed.includes(1)) throw new QueueConflict('color');
  if (failed.length) throw new QueueConflict('stale');
  return stored;
}

/** Replaces a queue's tree as it was read (same revision). */
export async function putChatbotTree(cid: number, before: ChatbotTree, options: StoredOption[]): Promise<void> {
  const put = treePut(cid, before, options).Put!;
  try {
    await db().send(new PutCommand(put));
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') throw new QueueConflict('stale');
    throw err;
  }
}

/** Deletes the queue with its tree and colour item, and gives its place in the plan back. */
export async function removeQueue(q: Queue, colorId: string | undefined): Promise<void> {
  const failed = await transact([
    { Delete: { TableName: table(), Key: keys.queue(q.companyId, q.id), ConditionExpression: 'attribute_exists(PK)' } },
    { Delete: { TableName: table(), Key: treeKey(q.companyId, q.id) } },
    { Update: { TableName: table(), Key: counterKey(q.companyId, 'queues'), UpdateExpression: 'ADD #v :m', ExpressionAttributeNames: { '#v': 'value' }, ExpressionAttributeValues: { ':m': -1 } } },
    ...(colorId ? [{ Delete: { TableName: table(), Key: colorKey(q.companyId, colorId), ConditionExpression: 'attribute_not_exists(PK) OR queueId = :id', ExpressionAttributeValues: { ':id': q.id } } }] : []),
  ]);
  if (failed.length) throw new QueueConflict('stale');
}

/**
 * Takes one queue id out of a user's or a connection's `queueIds` at the position it was read
 * (conditional on it still being there); a connection's edit revision moves, so an edit made
 * from an older read is refused. Answers the item after the change, or undefined when it changed
 * meanwhile (the caller reads again).
 */
export async function dropQueueId(key: { PK: string; SK: string }, index: number, queueId: number, bumpRev: boolean): Promise<Record<string, unknown> | undefined> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression: `REMOVE queueIds[${index}]${bumpRev ? ' ADD #rev :one' : ''}`,
        ConditionExpression: `queueIds[${index}] = :q`,
        ExpressionAttributeValues: { ':q': queueId, ...(bumpRev ? { ':one': 1 } : {}) },
        ...(bumpRev ? { ExpressionAttributeNames: { '#rev': 'rev' } } : {}),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw err;
  }
}

export async function putCompanySchedules(cid: number, schedules: ScheduleEntry[]): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...companyHoursKey(cid), entity: 'companyHours', schedules, updatedAt: new Date().toISOString() } }));
}

/** Allocates `n` consecutive ids of an entity in a company with one ADD (the same counter as `nextId`). */
export async function nextIds(cid: number, entity: string, n: number): Promise<number[]> {
  if (n <= 0) return [];
  const out = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: counterKey(cid, `id#${entity}`),
      UpdateExpression: 'ADD #v :n',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':n': n },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const last = Number(out.Attributes?.value);
  return Array.from({ length: n }, (_, i) => last - n + 1 + i);
}
