/**
 * Session leases: `C#<cid>#LEASE` / zero-padded connection id → `{hostId, expiresAt (ms), epoch}`.
 * A session host runs a session only while it holds the lease; a host that dies stops renewing
 * and another host takes over once `expiresAt` has passed. `epoch` rises with every acquisition
 * so a renewal from a host that lost the lease fails. `expiresAt` is in milliseconds, so the
 * table's TTL (seconds) never deletes a lease: the item and its epoch stay.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { fromItem, pad } from './keys';

export type Lease = {
  companyId: number;
  whatsappId: number;
  hostId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  epoch: number;
  /** The connection's `desiredAt` of the last `newqr` request applied (so one request is applied once, across hosts). */
  appliedDesiredAt?: string;
};

export const leaseKey = (companyId: number, whatsappId: number) => ({ PK: `C#${companyId}#LEASE`, SK: pad(whatsappId) });

const isConditionFail = (err: unknown) => (err as { name?: string }).name === 'ConditionalCheckFailedException';

function toLease(item: Record<string, unknown>): Lease {
  const rest = fromItem(item);
  return rest as Lease;
}

/** Takes the lease when it is free, expired or already ours; undefined when another host holds it. */
export async function acquireLease(companyId: number, whatsappId: number, hostId: string, ttlMs = 15_000, now = Date.now()): Promise<Lease | undefined> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: leaseKey(companyId, whatsappId),
        UpdateExpression: 'SET hostId = :me, expiresAt = :exp, companyId = :cid, whatsappId = :wid ADD epoch :one',
        ConditionExpression: 'attribute_not_exists(PK) OR expiresAt < :now OR hostId = :me',
        ExpressionAttributeValues: { ':me': hostId, ':exp': now + ttlMs, ':now': now, ':cid': companyId, ':wid': whatsappId, ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toLease(out.Attributes ?? {});
  } catch (err) {
    if (isConditionFail(err)) return undefined;
    throw err;
  }
}

/** Extends a lease we hold; false when it was lost (taken over, or released). */
export async function renewLease(lease: Pick<Lease, 'companyId' | 'whatsappId' | 'hostId' | 'epoch'>, ttlMs = 15_000, now = Date.now()): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: leaseKey(lease.companyId, lease.whatsappId),
        UpdateExpression: 'SET expiresAt = :exp',
        // Nobody acquired it since (the epoch would have risen), so even a late renewal is safe.
        ConditionExpression: 'hostId = :me AND epoch = :epoch',
        ExpressionAttributeValues: { ':me': lease.hostId, ':epoch': lease.epoch, ':exp': now + ttlMs },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFail(err)) return false;
    throw err;
  }
}

/** Gives the lease up at once (expires it), if we still hold it. */
export async function releaseLease(lease: Pick<Lease, 'companyId' | 'whatsappId' | 'hostId' | 'epoch'>): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: leaseKey(lease.companyId, lease.whatsappId),
        UpdateExpression: 'SET expiresAt = :zero',
        ConditionExpression: 'hostId = :me AND epoch = :epoch',
        ExpressionAttributeValues: { ':me': lease.hostId, ':epoch': lease.epoch, ':zero': 0 },
      }),
    );
  } catch (err) {
    if (!isConditionFail(err)) throw err;
  }
}

/** Records that a `newqr` request (its `desiredAt`) was applied by the lease holder. */
export async function setLeaseApplied(lease: Pick<Lease, 'companyId' | 'whatsappId' | 'hostId' | 'epoch'>, desiredAt: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: leaseKey(lease.companyId, lease.whatsappId),
        UpdateExpression: 'SET appliedDesiredAt = :d',
        ConditionExpression: 'hostId = :me AND epoch = :epoch',
        ExpressionAttributeValues: { ':me': lease.hostId, ':epoch': lease.epoch, ':d': desiredAt },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFail(err)) return false;
    throw err;
  }
}

export async function getLease(companyId: number, whatsappId: number): Promise<Lease | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: leaseKey(companyId, whatsappId), ConsistentRead: true }));
  return out.Item ? toLease(out.Item) : undefined;
}

/** True when some host holds a lease on the session that has not expired. */
export const isLeaseLive = (lease: Lease | undefined, now = Date.now()): lease is Lease => !!lease && lease.expiresAt >= now;
