/**
 * Tickets: `C#<cid>#TICKETS` / id; listed by status in GSI3, keys only (`C#<cid>#TST#<status>`, sortedAt).
 * "One open-or-pending ticket per contact and connection" is the item `C#<cid>#TLOCK` /
 * `<contactId>#<whatsappId>`: written in the same transaction as the ticket, conditional on no
 * active ticket, and kept after closing as the pointer to the last ticket (reopen window).
 */
import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { pad } from './keys';

export type TicketStatus = 'pending' | 'open' | 'closed';

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
  createdAt: string;
  updatedAt: string;
};

export type TicketLock = { ticketId: number; state: 'active' | 'closed'; closedAt?: string };

export const ticketKey = (cid: number, id: number) => ({ PK: `C#${cid}#TICKETS`, SK: pad(id) });
export const lockKey = (cid: number, contactId: number, whatsappId: number) => ({ PK: `C#${cid}#TLOCK`, SK: `${contactId}#${whatsappId}` });
export const uuidKey = (cid: number, uuid: string) => ({ PK: `C#${cid}#TUUID`, SK: uuid });
export const statusIndex = (t: Pick<Ticket, 'companyId' | 'status' | 'updatedAt' | 'id'>) => ({ GSI3PK: `C#${t.companyId}#TST#${t.status}`, GSI3SK: `${t.updatedAt}#${pad(t.id)}` });

function toTicket(item: Record<string, unknown>): Ticket {
  const { PK: _p, SK: _s, GSI3PK: _g, GSI3SK: _gs, entity: _e, ...rest } = item;
  return rest as Ticket;
}

export async function getTicket(cid: number, id: number): Promise<Ticket | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: ticketKey(cid, id), ConsistentRead: true }));
  return out.Item ? toTicket(out.Item) : undefined;
}

export async function getLock(cid: number, contactId: number, whatsappId: number): Promise<TicketLock | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: lockKey(cid, contactId, whatsappId), ConsistentRead: true }));
  return out.Item ? { ticketId: Number(out.Item.ticketId), state: out.Item.state as TicketLock['state'], closedAt: out.Item.closedAt as string | undefined } : undefined;
}

/** Creates a pending ticket unless one is active for the pair; false when the lock was taken. */
export async function insertTicket(t: Ticket): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: { ...lockKey(t.companyId, t.contactId, t.whatsappId), entity: 'tlock', ticketId: t.id, state: 'active' },
              ConditionExpression: 'attribute_not_exists(PK) OR #s = :closed',
              ExpressionAttributeNames: { '#s': 'state' },
              ExpressionAttributeValues: { ':closed': 'closed' },
            },
          },
          { Put: { TableName: table(), Item: { ...ticketKey(t.companyId, t.id), ...statusIndex(t), entity: 'ticket', ...t }, ConditionExpression: 'attribute_not_exists(PK)' } },
          { Put: { TableName: table(), Item: { ...uuidKey(t.companyId, t.uuid), entity: 'tuuid', ticketId: t.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof TransactionCanceledException) return false;
    throw err;
  }
}

/** Reopens the last closed ticket as pending with no agent; false when the lock moved on. */
export async function reopenTicket(cid: number, contactId: number, whatsappId: number, ticketId: number, now: string): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: lockKey(cid, contactId, whatsappId),
              UpdateExpression: 'SET #s = :active REMOVE closedAt',
              ConditionExpression: '#s = :closed AND ticketId = :t',
              ExpressionAttributeNames: { '#s': 'state' },
              ExpressionAttributeValues: { ':active': 'active', ':closed': 'closed', ':t': ticketId },
            },
          },
          {
            Update: {
              TableName: table(),
              Key: ticketKey(cid, ticketId),
              UpdateExpression: 'SET #s = :pending, userId = :null, queuedAt = :now, updatedAt = :now, sortedAt = :now, GSI3PK = :g, GSI3SK = :sk REMOVE closedAt',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: { ':pending': 'pending', ':null': null, ':now': now, ':g': `C#${cid}#TST#pending`, ':sk': `${now}#${pad(ticketId)}` },
            },
          },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof TransactionCanceledException) return false;
    throw err;
  }
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
  return out.Attributes ? toTicket(out.Attributes) : undefined;
}

export const newTicketUuid = (): string => randomUUID();
