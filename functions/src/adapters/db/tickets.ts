/**
 * Tickets: `C#<cid>#TICKETS` / id; listed by status in GSI3 (`C#<cid>#TST#<status>`, sortedAt) with
 * their queue and user projected.
 * "One open-or-pending ticket per contact and connection" is the item `C#<cid>#TLOCK` /
 * `<contactId>#<whatsappId>`: written in the same transaction as the ticket, conditional on no
 * active ticket, and kept after closing as the pointer to the last ticket (reopen window).
 */
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TICKET_STATUSES, type TicketStatusName } from '@conversa/shared/schemas/tickets';
import type { FlowState } from '@conversa/shared/schemas/flows';
import { batchGet, batchWrite } from './batch';
import { db, table } from './client';
import { tagMoves } from './tags';
import { pad, withoutAttributes } from './keys';
import type { TxItem } from './users';

/** A ticket's status (the wire's names, @conversa/shared). */
export type TicketStatus = TicketStatusName;

export type Ticket = {
  id: number;
  uuid: string;
  companyId: number;
  contactId: number;
  whatsappId: number;
  channel: string;
  status: TicketStatus;
  queueId: number | null;
  userId: number | null;
  isGroup: boolean;
  isBot: boolean;
  lastMessage: string;
  lastMessageAt: string;
  /** When the customer last wrote: the 24-hour reply window of the Graph channels. */
  lastInboundAt?: string;
  unreadMessages: number;
  /** When the ticket last moved in its status list (GSI3SK). */
  sortedAt?: string;
  queuedAt: string;
  /** When an agent took the ticket (pending → open, or created open). */
  acceptedAt?: string;
  closedAt?: string;
  /** Tags on the ticket (`C#<cid>#TAGS` ids). */
  tagIds?: number[];
  /** Its lane on the kanban board: the one lane tag among `tagIds`; absent = 'Em aberto'. */
  laneId?: number;
  /**
   * Where the bot is in the queue menu / option tree (domain/bot); absent = at the queue menu.
   * `queueId`: the queue whose menu the bot is in (the ticket's queue once greeted; absent or
   * another queue = not greeted yet); `handled`: the last inbound message id the bot acted on
   * (a redelivered older record changes nothing).
   */
  botState?: { optionId: number | null; at: string; queueId?: number | null; handled?: string };
  /** Queue menus the bot sent on this ticket (spec 1 §7 amountUsedBotQueues). */
  amountUsedBotQueues?: number;
  /** When the out-of-hours message was last sent: at most once per closed window. */
  outOfHoursSentAt?: string;
  /** A resolved ticket waiting for the customer's answer to a rating menu (POST /ratings/messages). */
  ratingWait?: { ratingId: number; userId: number | null; until: string };
  /** When the customer's rating was stored. */
  ratedAt?: string;
  /** The flow the ticket is inside (BEHAVIOUR.md "Flows"; domain/flows): written only by adapters/db/ticket-flow.ts, on its own `seq`. */
  flowState?: FlowState;
  /** The last inbound message a flow took (started on it, or answered with it): the queue bot leaves that message alone. */
  flowHandled?: string;
  /** The contact as the lists show it (absent on tickets made before it: the view reads the contact). */
  contactCard?: ContactCard;
  createdAt: string;
  updatedAt: string;
};

export type TicketLock = { ticketId: number; state: 'active' | 'closed'; closedAt?: string };

/**
 * What the lists show of the ticket's contact, kept on the ticket so a page of tickets reads no
 * contacts (ACCESS_PATTERNS #74): written with the ticket, refreshed on every ticket of the contact
 * when the contact changes (workers/ticket-contacts.ts, from the table's stream).
 */
export type ContactCard = { name: string; number: string; email: string; profilePicUrl: string; isGroup: boolean; channel: string };

export const contactCardOf = (c: ContactCard): ContactCard => ({ name: c.name, number: c.number, email: c.email, profilePicUrl: c.profilePicUrl, isGroup: c.isGroup, channel: c.channel });

/** A contact's tickets, one small item each (#74): the tickets a contact edit refreshes. */
export const contactTicketKey = (cid: number, contactId: number, ticketId: number) => ({ PK: `C#${cid}#CTICKETS#${contactId}`, SK: pad(ticketId) });

/** The contact's ticket before `beforeTicketId` (the one made before it), by #74; undefined when none. */
export async function previousContactTicket(cid: number, contactId: number, beforeTicketId: number): Promise<number | undefined> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND SK < :sk',
      ExpressionAttributeValues: { ':pk': contactTicketKey(cid, contactId, 0).PK, ':sk': pad(beforeTicketId) },
      ScanIndexForward: false,
      Limit: 1,
      ProjectionExpression: 'SK',
    }),
  );
  const sk = out.Items?.[0]?.SK;
  return sk === undefined ? undefined : Number(sk);
}

/** Whether a ticket is the contact's (its #74 item exists). */
export async function isContactTicket(cid: number, contactId: number, ticketId: number): Promise<boolean> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: contactTicketKey(cid, contactId, ticketId), ProjectionExpression: 'SK' }));
  return Boolean(out.Item);
}

export const ticketKey = (cid: number, id: number) => ({ PK: `C#${cid}#TICKETS`, SK: pad(id) });
export const lockKey = (cid: number, contactId: number, whatsappId: number) => ({ PK: `C#${cid}#TLOCK`, SK: `${contactId}#${whatsappId}` });
export const uuidKey = (cid: number, uuid: string) => ({ PK: `C#${cid}#TUUID`, SK: uuid });
/** The status list a ticket is in: groups have their own lists (the group tab). */
export const statusPartition = (cid: number, status: TicketStatus, isGroup: boolean) => `C#${cid}#TST#${status}${isGroup ? '#G' : ''}`;
export const statusIndex = (t: Pick<Ticket, 'companyId' | 'status' | 'updatedAt' | 'id' | 'isGroup'>) => ({ GSI3PK: statusPartition(t.companyId, t.status, t.isGroup), GSI3SK: `${t.updatedAt}#${pad(t.id)}` });
export const STATUS_INDEX = 'GSI3';
/**
 * The roster: every ticket by id in the partition of its status, with its queue, user and group
 * flag (GSI4; moved with the status in the transaction of every transition), so a range of ids is
 * read for the statuses a list wants only.
 */
export const rosterPartition = (cid: number, status: TicketStatus) => `C#${cid}#TROSTER#${status}`;
export const rosterIndex = (t: Pick<Ticket, 'companyId' | 'id' | 'status'>) => ({ GSI4PK: rosterPartition(t.companyId, t.status), GSI4SK: pad(t.id) });
export const ROSTER_INDEX = 'GSI4';
export type RosterEntry = Pick<Ticket, 'id' | 'status' | 'queueId' | 'userId' | 'isGroup'>;
const toRosterEntry = (i: Record<string, unknown>): RosterEntry => ({ id: Number(String(i.GSI4SK)), status: i.status as TicketStatus, queueId: (i.queueId ?? null) as number | null, userId: (i.userId ?? null) as number | null, isGroup: Boolean(i.isGroup) });

/**
 * The roster entries of the tickets with ids from `low` to `high` in these statuses (one Query per
 * status, at once, billed by the ~60 bytes of each entry in the range). A ticket in the range and
 * none of them has no entry here.
 */
export async function rosterRange(cid: number, low: number, high: number, statuses: readonly TicketStatus[] = TICKET_STATUSES): Promise<Map<number, RosterEntry>> {
  const found = new Map<number, RosterEntry>();
  await Promise.all(
    statuses.map(async (status) => {
      let start: Record<string, unknown> | undefined;
      do {
        const out = await db().send(
          new QueryCommand({
            TableName: table(),
            IndexName: ROSTER_INDEX,
            KeyConditionExpression: 'GSI4PK = :p AND GSI4SK BETWEEN :lo AND :hi',
            ExpressionAttributeValues: { ':p': rosterPartition(cid, status), ':lo': pad(low), ':hi': pad(high) },
            ExclusiveStartKey: start,
          }),
        );
        for (const i of out.Items ?? []) found.set(Number(String(i.GSI4SK)), toRosterEntry(i));
        start = out.LastEvaluatedKey;
      } while (start);
    }),
  );
  return found;
}

/**
 * The roster entries of one status below ticket id `below` (from the top when undefined), highest
 * id first, at most `limit` (one Query); `low`: the lowest id the read covered (every entry of the
 * status from there up to `below` is in `entries`), 0 when it reached the status's first ticket.
 */
export async function rosterBelow(cid: number, status: TicketStatus, below: number | undefined, limit: number): Promise<{ entries: RosterEntry[]; low: number }> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: ROSTER_INDEX,
      KeyConditionExpression: below === undefined ? 'GSI4PK = :p' : 'GSI4PK = :p AND GSI4SK < :hi',
      ExpressionAttributeValues: { ':p': rosterPartition(cid, status), ...(below === undefined ? {} : { ':hi': pad(below) }) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  const entries = (out.Items ?? []).map(toRosterEntry);
  return { entries, low: out.LastEvaluatedKey && entries.length ? entries[entries.length - 1]!.id : 0 };
}

/**
 * Tab counts: one counter per status (open, pending) × group × queue × agent at
 * `C#<cid>#TCOUNT`, moved in the transaction of every transition. A viewer's badge is the sum of
 * the counters of the combinations they may see (visibility depends on exactly these fields), so a
 * count is one Query of at most 2 × 2 × (queues + 1) × (agents + 1) small items, usually a few dozen.
 */
export const countPartition = (cid: number) => `C#${cid}#TCOUNT`;
type Counted = Pick<Ticket, 'status' | 'isGroup' | 'queueId' | 'userId'>;
const countSK = (t: Counted) => `${t.status}#${t.isGroup ? 'g' : 'i'}#${t.queueId ?? 0}#${t.userId ?? 0}`;
const counted = (t: Counted | undefined): t is Counted => !!t && t.status !== 'closed';

function countAdd(cid: number, t: Counted, delta: number): TxItem {
  return {
    Update: {
      TableName: table(),
      Key: { PK: countPartition(cid), SK: countSK(t) },
      UpdateExpression: 'SET #s = :s, isGroup = :g, queueId = :q, userId = :u ADD n :d',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':s': t.status, ':g': t.isGroup, ':q': t.queueId, ':u': t.userId, ':d': delta },
    },
  };
}

/** The counter moves of a change from `before` to `after` (either may be absent). */
export function countMoves(cid: number, before: Counted | undefined, after: Counted | undefined): TxItem[] {
  if (counted(before) && counted(after) && countSK(before) === countSK(after)) return [];
  return [...(counted(before) ? [countAdd(cid, before, -1)] : []), ...(counted(after) ? [countAdd(cid, after, 1)] : [])];
}

export type TicketCounter = Counted & { n: number };
export async function listCounters(cid: number): Promise<TicketCounter[]> {
  const items: TicketCounter[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': countPartition(cid) }, ExclusiveStartKey: start }));
    for (const i of out.Items ?? []) if (Number(i.n) > 0) items.push({ status: i.status as TicketStatus, isGroup: Boolean(i.isGroup), queueId: (i.queueId ?? null) as number | null, userId: (i.userId ?? null) as number | null, n: Number(i.n) });
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

const TICKET_ITEM_ONLY: ReadonlySet<string> = new Set(['PK', 'SK', 'GSI3PK', 'GSI3SK', 'GSI4PK', 'GSI4SK', 'entity', 'rev', 'lead']);
export const toTicket = (item: Record<string, unknown>): Ticket => withoutAttributes(item, TICKET_ITEM_ONLY) as Ticket;

/** A ticket as stored, with the revision its transitions are conditioned on. */
export type StoredTicket = Ticket & { rev?: number };

/** A ticket item as read (with its revision, for conditional transitions). */
export const toStoredTicket = (item: Record<string, unknown>): StoredTicket => ({ ...toTicket(item), ...(item.rev !== undefined ? { rev: Number(item.rev) } : {}) }) as StoredTicket;

export async function getTicket(cid: number, id: number): Promise<Ticket | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: ticketKey(cid, id), ConsistentRead: true }));
  return out.Item ? toStoredTicket(out.Item) : undefined;
}

export async function ticketIdByUuid(cid: number, uuid: string): Promise<number | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: uuidKey(cid, uuid) }));
  return out.Item ? Number(out.Item.ticketId) : undefined;
}

/** Tickets by id (a page of the list): one BatchGet, eventually consistent; absent ones skipped. */
export async function getTickets(cid: number, ids: number[]): Promise<Ticket[]> {
  const found = await batchGet(ids.map((id) => ticketKey(cid, id)));
  return ids.flatMap((id) => {
    const item = found.get(`C#${cid}#TICKETS|${pad(id)}`);
    return item ? [toTicket(item)] : [];
  });
}

export const toLock = (item: Record<string, unknown>): TicketLock => ({ ticketId: Number(item.ticketId), state: item.state as TicketLock['state'], closedAt: item.closedAt as string | undefined });

export async function getLock(cid: number, contactId: number, whatsappId: number): Promise<TicketLock | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: lockKey(cid, contactId, whatsappId), ConsistentRead: true }));
  return out.Item ? toLock(out.Item) : undefined;
}

const takeLock = (t: Pick<Ticket, 'companyId' | 'contactId' | 'whatsappId' | 'id'>): TxItem => ({
  Put: {
    TableName: table(),
    Item: { ...lockKey(t.companyId, t.contactId, t.whatsappId), entity: 'tlock', ticketId: t.id, state: 'active' },
    ConditionExpression: 'attribute_not_exists(PK) OR #s = :closed',
    ExpressionAttributeNames: { '#s': 'state' },
    ExpressionAttributeValues: { ':closed': 'closed' },
  },
});

/** Which item of a cancelled transaction failed its condition (its index), or undefined. */
function failedIndex(err: unknown): number | undefined {
  if (!(err instanceof TransactionCanceledException)) return undefined;
  const i = (err.CancellationReasons ?? []).findIndex((r) => r.Code === 'ConditionalCheckFailed');
  return i >= 0 ? i : -1;
}

/**
 * Creates a ticket unless one is active for the pair; false when the lock was taken. Its lookups
 * (uuid → id, the contact's tickets) are written first, keyed by the new id and never changed: a
 * ticket never exists without them, and a cut creation leaves only lookups of an id no ticket has
 * (removed again when the lock was taken). One transaction then writes what an invariant spans:
 * the lock (one active ticket per contact and connection), the ticket, the tab counters (exact at
 * once: the queue position the bot tells the customer is read from them, domain/bot/routing.ts) and
 * the board memberships (moved by every transition relative to the ticket's state). The dashboard's
 * day stats come from the table's stream (workers/message-totals.ts, `lead` marks a contact's first
 * ticket on the connection).
 */
export async function insertTicket(t: Ticket, o: { lead: boolean }): Promise<boolean> {
  const lookups = [
    { ...uuidKey(t.companyId, t.uuid), entity: 'tuuid', ticketId: t.id },
    { ...contactTicketKey(t.companyId, t.contactId, t.id), ticketId: t.id },
  ];
  await batchWrite(lookups.map((Item) => ({ PutRequest: { Item } })), 'ticket lookups');
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          takeLock(t),
          { Put: { TableName: table(), Item: { ...ticketKey(t.companyId, t.id), ...statusIndex(t), ...rosterIndex(t), entity: 'ticket', ...t, sortedAt: t.updatedAt, rev: 1, ...(o.lead ? { lead: true } : {}) }, ConditionExpression: 'attribute_not_exists(PK)' } },
          ...countMoves(t.companyId, undefined, t),
          ...tagMoves(t.companyId, undefined, t),
        ],
      }),
    );
    return true;
  } catch (err) {
    if (!(err instanceof TransactionCanceledException)) throw err;
    await batchWrite(lookups.map(({ PK, SK }) => ({ DeleteRequest: { Key: { PK, SK } } })), 'ticket lookups');
    return false;
  }
}

/** Reopens the last closed ticket as pending with no agent; false when the lock moved on. */
export async function reopenTicket(before: Ticket, now: string, extra: TxItem[] = []): Promise<boolean> {
  const cid = before.companyId;
  // Back in the queue with the bot on, from the start of its menus (domain/bot).
  const after: Ticket = { ...before, status: 'pending', userId: null, isBot: !before.isGroup, botState: undefined, flowState: undefined, queuedAt: now, updatedAt: now, sortedAt: now, closedAt: undefined, acceptedAt: undefined };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: lockKey(cid, before.contactId, before.whatsappId),
              UpdateExpression: 'SET #s = :active REMOVE closedAt',
              ConditionExpression: '#s = :closed AND ticketId = :t',
              ExpressionAttributeNames: { '#s': 'state' },
              ExpressionAttributeValues: { ':active': 'active', ':closed': 'closed', ':t': before.id },
            },
          },
          {
            Update: {
              TableName: table(),
              Key: ticketKey(cid, before.id),
              UpdateExpression: 'SET #s = :pending, userId = :null, isBot = :bot, queuedAt = :now, updatedAt = :now, sortedAt = :now, GSI3PK = :g, GSI3SK = :sk, GSI4PK = :r REMOVE closedAt, acceptedAt, botState, flowState ADD rev :one',
              ConditionExpression: '#s = :closed',
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: { ':pending': 'pending', ':closed': 'closed', ':null': null, ':bot': after.isBot, ':now': now, ':one': 1, ':r': rosterPartition(cid, 'pending'), ...prefixed(statusIndex(after)) },
            },
          },
          ...countMoves(cid, before, after),
          ...tagMoves(cid, before, after),
          ...extra,
        ],
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof TransactionCanceledException) return false;
    throw err;
  }
}
const prefixed = (ix: { GSI3PK: string; GSI3SK: string }) => ({ ':g': ix.GSI3PK, ':sk': ix.GSI3SK });

export type LockChange =
  /** Closing: the lock stays as the pointer to the last ticket (the reopen window). */
  | { kind: 'release'; closedAt: string }
  /** Reopening: "one open-or-pending ticket per contact and connection" is checked again. */
  | { kind: 'take' }
  /** Moving to another connection: the old pair's lock goes, the new pair's is taken. */
  | { kind: 'move'; fromWhatsappId: number };

export type TransitionOutcome = 'ok' | 'changed' | 'locked';

/** The fields of the ticket that a transition may set (the rest belong to the message path). */
const TRANSITION_FIELDS = ['status', 'userId', 'queueId', 'whatsappId', 'channel', 'isBot', 'queuedAt', 'acceptedAt', 'closedAt', 'updatedAt', 'sortedAt', 'tagIds', 'laneId', 'unreadMessages', 'botState', 'amountUsedBotQueues', 'outOfHoursSentAt'] as const;

/**
 * One transition of an agent (accept, return, transfer, close, reopen, tags): an UpdateItem of the
 * changed fields conditioned on the status and revision read, the status list entry, the tab
 * counters, the lock and the dashboard stats, all in one transaction. 'changed' when someone else
 * changed the ticket first, 'locked' when the contact already has another active ticket.
 */
export async function transitionTicket(before: StoredTicket, after: Ticket, opts: { lock?: LockChange; extra?: TxItem[]; relist?: boolean } = {}): Promise<TransitionOutcome> {
  const cid = before.companyId;
  const names: Record<string, string> = { '#s': 'status', '#rev': 'rev' };
  const values: Record<string, unknown> = { ':before': before.status, ':one': 1 };
  const sets: string[] = [];
  const removes: string[] = [];
  TRANSITION_FIELDS.forEach((f, i) => {
    const a = after[f];
    const b = before[f];
    if (JSON.stringify(a) === JSON.stringify(b)) return;
    names[`#t${i}`] = f;
    if (a === undefined) removes.push(`#t${i}`);
    else {
      values[`:t${i}`] = a;
      sets.push(`#t${i} = :t${i}`);
    }
  });
  if (opts.relist !== false) {
    const ix = statusIndex({ ...after, updatedAt: after.sortedAt ?? after.updatedAt });
    sets.push('GSI3PK = :g', 'GSI3SK = :sk');
    Object.assign(values, prefixed(ix));
  }
  if (after.status !== before.status) {
    sets.push('GSI4PK = :r');
    values[':r'] = rosterPartition(cid, after.status);
  }
  let condition = '#s = :before';
  if (before.rev !== undefined) {
    condition += ' AND #rev = :rev';
    values[':rev'] = before.rev;
  } else condition += ' AND attribute_not_exists(#rev)';
  const update = `${sets.length ? `SET ${sets.join(', ')} ` : ''}${removes.length ? `REMOVE ${removes.join(', ')} ` : ''}ADD #rev :one`;
  const items: TxItem[] = [{ Update: { TableName: table(), Key: ticketKey(cid, before.id), UpdateExpression: update, ConditionExpression: condition, ExpressionAttributeNames: names, ExpressionAttributeValues: values } }];
  const lock = opts.lock;
  if (lock?.kind === 'release') {
    items.push({
      Update: {
        TableName: table(),
        Key: lockKey(cid, before.contactId, before.whatsappId),
        UpdateExpression: 'SET #s = :closed, closedAt = :at',
        ConditionExpression: 'ticketId = :t',
        ExpressionAttributeNames: { '#s': 'state' },
        ExpressionAttributeValues: { ':closed': 'closed', ':at': lock.closedAt, ':t': before.id },
      },
    });
  } else if (lock?.kind === 'take') {
    items.push(takeLock(after));
  } else if (lock?.kind === 'move') {
    items.push(
      { Delete: { TableName: table(), Key: lockKey(cid, before.contactId, lock.fromWhatsappId), ConditionExpression: 'ticketId = :t', ExpressionAttributeValues: { ':t': before.id } } },
      takeLock(after),
    );
  }
  items.push(...countMoves(cid, before, after), ...tagMoves(cid, before, after), ...(opts.extra ?? []));
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
    return 'ok';
  } catch (err) {
    const i = failedIndex(err);
    if (i === undefined) throw err;
    return i === 0 || i === -1 ? 'changed' : 'locked';
  }
}

/**
 * Deletes a ticket with its uuid item, its lock when the lock points to it, and its counter;
 * false when it was already gone. Its messages are removed afterwards (deleteTicketMessages).
 */
export async function deleteTicketItems(t: StoredTicket): Promise<boolean> {
  const cid = t.companyId;
  const lock = await getLock(cid, t.contactId, t.whatsappId);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: table(), Key: ticketKey(cid, t.id), ConditionExpression: 'attribute_exists(PK) AND #s = :s', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':s': t.status } } },
          { Delete: { TableName: table(), Key: uuidKey(cid, t.uuid) } },
          { Delete: { TableName: table(), Key: contactTicketKey(cid, t.contactId, t.id) } },
          ...(lock?.ticketId === t.id ? [{ Delete: { TableName: table(), Key: lockKey(cid, t.contactId, t.whatsappId), ConditionExpression: 'ticketId = :t', ExpressionAttributeValues: { ':t': t.id } } }] : []),
          ...countMoves(cid, t, undefined),
          ...tagMoves(cid, t, undefined),
        ],
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof TransactionCanceledException) return false;
    throw err;
  }
}

/** Removes every message of a ticket and its channel-id index items (BatchWrite, 25 at a time). */
export async function deleteTicketMessages(cid: number, ticketId: number): Promise<number> {
  let start: Record<string, unknown> | undefined;
  let n = 0;
  do {
    const out = await db().send(
      new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `C#${cid}#MSGS#${ticketId}` }, ProjectionExpression: 'PK, SK, externalId, whatsappId', ExclusiveStartKey: start }),
    );
    const keys = (out.Items ?? []).flatMap((i) => [{ PK: i.PK, SK: i.SK }, ...(i.externalId && i.whatsappId ? [{ PK: `C#${cid}#MSGX#${i.whatsappId}`, SK: i.externalId }] : [])]);
    await batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })), 'ticket messages');
    n += out.Items?.length ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return n;
}

/** The agent opened the ticket: unread back to 0. Answers the ticket when it had unread messages. */
export async function markTicketRead(cid: number, id: number): Promise<Ticket | undefined> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: ticketKey(cid, id),
        UpdateExpression: 'SET unreadMessages = :zero',
        ConditionExpression: 'attribute_exists(PK) AND unreadMessages > :zero',
        ExpressionAttributeValues: { ':zero': 0 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? toTicket(out.Attributes) : undefined;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw err;
  }
}

/**
 * An entry of a status list: the ticket's id and list key, with its queue and user as projected
 * (undefined when the entry was indexed without them: the ticket itself then decides).
 */
export type StatusKey = { sk: string; id: number; queueId?: number | null; userId?: number | null };
const projected = (v: unknown): number | null | undefined => (v === null || typeof v === 'number' ? v : undefined);

/** Keys of one status list, newest first, below `before` (exclusive) and within `range`. */
export async function statusKeys(partition: string, opts: { before?: string; from?: string; limit: number }): Promise<{ keys: StatusKey[]; more: boolean }> {
  const conds = ['GSI3PK = :p'];
  const values: Record<string, unknown> = { ':p': partition };
  if (opts.before && opts.from) {
    conds.push('GSI3SK BETWEEN :from AND :before');
    values[':from'] = opts.from;
    values[':before'] = opts.before;
  } else if (opts.before) {
    conds.push('GSI3SK < :before');
    values[':before'] = opts.before;
  } else if (opts.from) {
    conds.push('GSI3SK >= :from');
    values[':from'] = opts.from;
  }
  const out = await db().send(
    new QueryCommand({ TableName: table(), IndexName: STATUS_INDEX, KeyConditionExpression: conds.join(' AND '), ExpressionAttributeValues: values, ScanIndexForward: false, Limit: opts.limit }),
  );
  // BETWEEN is inclusive: the cursor's own key is dropped here.
  const keys = (out.Items ?? []).filter((i) => i.GSI3SK !== opts.before).map((i) => ({ sk: String(i.GSI3SK), id: Number(String(i.SK)), queueId: projected(i.queueId), userId: projected(i.userId) }));
  return { keys, more: Boolean(out.LastEvaluatedKey) };
}

/**
 * Moving a ticket in its status list rewrites its index entry (two more write units), so a busy
 * conversation moves at most once a minute; the live events keep the screens in order meanwhile.
 */
export const RESORT_AFTER_MS = 60_000;

export function needsResort(t: Pick<Ticket, 'sortedAt' | 'updatedAt'>, at: string): boolean {
  const last = Date.parse(t.sortedAt ?? t.updatedAt);
  return !Number.isFinite(last) || Date.parse(at) - last >= RESORT_AFTER_MS;
}

/** One UpdateItem per stored message: last message, unread count, the customer's last time. */
export async function touchTicket(cid: number, id: number, m: { preview: string; at: string; inbound: boolean; resort: boolean }): Promise<Ticket | undefined> {
  const sets = ['lastMessage = :m', 'lastMessageAt = :at', 'updatedAt = :at'];
  const values: Record<string, unknown> = { ':m': m.preview, ':at': m.at };
  if (m.resort) {
    sets.push('GSI3SK = :sk', 'sortedAt = :at');
    values[':sk'] = `${m.at}#${pad(id)}`;
  }
  if (m.inbound) {
    sets.push('lastInboundAt = :at');
    values[':one'] = 1;
  }
  const out = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: ticketKey(cid, id),
      UpdateExpression: `SET ${sets.join(', ')}${m.inbound ? ' ADD unreadMessages :one' : ''}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return out.Attributes ? toStoredTicket(out.Attributes) : undefined;
}

export const newTicketUuid = (): string => randomUUID();

/** The ids of a contact's tickets (#74), oldest first. */
export async function ticketIdsOfContact(cid: number, contactId: number): Promise<number[]> {
  const ids: number[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': contactTicketKey(cid, contactId, 0).PK }, ProjectionExpression: 'ticketId', ExclusiveStartKey: start }),
    );
    for (const i of out.Items ?? []) ids.push(Number(i.ticketId));
    start = out.LastEvaluatedKey;
  } while (start);
  return ids;
}

/** Puts the contact's card on one of its tickets; false when the ticket is gone. Touches nothing else (no `rev`: no transition races it). */
export async function setContactCard(cid: number, ticketId: number, card: ContactCard): Promise<Ticket | undefined> {
  try {
    const out = await db().send(
      new UpdateCommand({ TableName: table(), Key: ticketKey(cid, ticketId), UpdateExpression: 'SET contactCard = :c', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':c': card }, ReturnValues: 'ALL_NEW' }),
    );
    return out.Attributes ? toTicket(out.Attributes) : undefined;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return undefined;
    throw err;
  }
}
