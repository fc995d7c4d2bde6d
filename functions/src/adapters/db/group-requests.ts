/**
 * Group requests (POST /creatGroupAndTicket): `C#<cid>#GROUPREQ` / requestId. The API puts one
 * (pending); the session host claims it (running) before it asks the channel, so a redelivered
 * command never makes a second group, and records the group it made (created); the inbound
 * worker adds the ticket (ticketId/uuid). Kept 7 days (TTL). See ACCESS_PATTERNS.md.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { fromItem } from './keys';

export type GroupRequestStatus = 'pending' | 'running' | 'created' | 'failed';

export type GroupRequest = {
  requestId: string;
  companyId: number;
  whatsappId: number;
  /** Who asked (the ticket's events go to whoever may see it; the requester polls). */
  requestedBy: number;
  subject: string;
  /** Participants' phone numbers (digits). */
  participants: string[];
  queueId: number;
  /** The ticket's agent (open) or null (pending). */
  userId: number | null;
  status: GroupRequestStatus;
  /** The host does not start the command after this (ms). */
  deadline: number;
  claim?: { host: string; at: number };
  /** The channel's group id, once made. */
  groupId?: string;
  ticketId?: number;
  uuid?: string;
  /** Why it failed (the channel's words). */
  error?: string;
  createdAt: string;
  updatedAt: string;
};

const TTL_SECONDS = 7 * 24 * 3600;
const requestKey = (cid: number, requestId: string) => ({ PK: `C#${cid}#GROUPREQ`, SK: requestId });
const conditionFailed = (err: unknown) => (err as { name?: string }).name === 'ConditionalCheckFailedException';

function toRequest(item: Record<string, unknown>): GroupRequest {
  const rest = fromItem(item, 'expiresAt');
  return rest as GroupRequest;
}

export async function putGroupRequest(r: GroupRequest): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...requestKey(r.companyId, r.requestId), entity: 'groupRequest', ...r, expiresAt: Math.floor(Date.now() / 1000) + TTL_SECONDS },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

export async function getGroupRequest(cid: number, requestId: string): Promise<GroupRequest | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: requestKey(cid, requestId), ConsistentRead: true }));
  return out.Item ? toRequest(out.Item) : undefined;
}

/** pending → running for this claimant, while the request has not expired; false when someone else has it or it is too late. */
export async function claimGroupRequest(cid: number, requestId: string, claimant: string, now = Date.now()): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: requestKey(cid, requestId),
        UpdateExpression: 'SET #status = :running, claim = :claim, updatedAt = :iso',
        ConditionExpression: '#status = :pending AND deadline > :now',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':pending': 'pending', ':claim': { host: claimant, at: now }, ':now': now, ':iso': new Date(now).toISOString() },
      }),
    );
    return true;
  } catch (err) {
    if (conditionFailed(err)) return false;
    throw err;
  }
}

/** running → created with the channel's group id (only the claimant's own claim). */
export async function markGroupCreated(cid: number, requestId: string, claimant: string, groupId: string): Promise<boolean> {
  return settle(cid, requestId, 'SET #status = :created, groupId = :gid, updatedAt = :iso', '#status = :running AND claim.host = :host', { ':created': 'created', ':gid': groupId, ':running': 'running', ':host': claimant });
}

/** Ends a request that made no group: from `pending` (expired) or `running` (the channel refused, or its sender died). */
export async function markGroupFailed(cid: number, requestId: string, error: string, from: 'pending' | 'running'): Promise<boolean> {
  return settle(cid, requestId, 'SET #status = :failed, #error = :err, updatedAt = :iso', '#status = :from', { ':failed': 'failed', ':err': error.slice(0, 500), ':from': from });
}

/** The group's ticket, once: the first writer wins (a redelivered result reads it back). */
export async function setGroupTicket(cid: number, requestId: string, ticketId: number, uuid: string): Promise<boolean> {
  return settle(cid, requestId, 'SET ticketId = :tid, #uuid = :uuid, updatedAt = :iso', '#status = :created AND attribute_not_exists(ticketId)', { ':tid': ticketId, ':uuid': uuid, ':created': 'created' }, { '#uuid': 'uuid' });
}

async function settle(cid: number, requestId: string, update: string, condition: string, values: Record<string, unknown>, names: Record<string, string> = {}): Promise<boolean> {
  const allNames = { '#status': 'status', '#error': 'error', ...names };
  const text = `${update} ${condition}`;
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: requestKey(cid, requestId),
        UpdateExpression: update,
        ConditionExpression: `attribute_exists(PK) AND ${condition}`,
        ExpressionAttributeNames: Object.fromEntries(Object.entries(allNames).filter(([k]) => text.includes(k))),
        ExpressionAttributeValues: { ...values, ':iso': new Date().toISOString() },
      }),
    );
    return true;
  } catch (err) {
    if (conditionFailed(err)) return false;
    throw err;
  }
}
