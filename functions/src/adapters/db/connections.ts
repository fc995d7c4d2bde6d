/**
 * Connections (spec 2 "Connection"): `C#<cid>#WHATSAPPS` / id. Session channels that should run
 * are listed in GSI1 under `P#SESSIONS` so a session host finds them without a scan; Graph
 * channels are found by their provider account through `P#CHANNEL#<channel>#<account>`.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Channel, ConnectionView } from '@conversa/shared/channels';
import { db, table } from './client';
import { fromItem, keys, pad } from './keys';

/** The stored connection: the API's view plus what only the server keeps. */
export type Connection = Omit<ConnectionView, 'token'> & {
  /** Bearer token integrators use for this connection's API. */
  token: string;
  /** Sandbox: when a person or a test confirmed the QR (POST /sandbox/{id}/scan). */
  scannedAt?: string;
  /** Sandbox: the QR that scan confirmed (it was the connection's current QR when it was recorded). */
  scannedQr?: string;
  /** Graph channels: the provider's account ids and secret references. */
  provider?: { phoneNumberId?: string; wabaId?: string; pageId?: string; igAccountId?: string; appSecretRef?: string; accessTokenRef?: string };
  /** Revision of the user-editable fields (optimistic lock of edits). */
  rev?: number;
};

export const SESSIONS_INDEX = 'P#SESSIONS';
export const sessionIndexKeys = (c: Pick<Connection, 'companyId' | 'id'>) => ({ GSI1PK: SESSIONS_INDEX, GSI1SK: `${pad(c.companyId)}#${pad(c.id)}` });
export const providerKey = (channel: Channel, account: string) => ({ PK: `P#CHANNEL#${channel}#${account}`, SK: 'CHANNEL' });

export function toConnection(item: Record<string, unknown>): Connection {
  const rest = fromItem(item);
  return rest as Connection;
}

export async function getConnection(companyId: number, id: number, consistent = false): Promise<Connection | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: keys.whatsapp(companyId, id), ConsistentRead: consistent }));
  return out.Item ? toConnection(out.Item) : undefined;
}

export async function listConnections(companyId: number): Promise<Connection[]> {
  const items: Connection[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `C#${companyId}#WHATSAPPS` }, ExclusiveStartKey: start }),
    );
    items.push(...(out.Items ?? []).map(toConnection));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Every session connection that should run, across companies (for the session hosts). */
export async function listSessionConnections(): Promise<Connection[]> {
  const items: Connection[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({ TableName: table(), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': SESSIONS_INDEX }, ExclusiveStartKey: start }),
    );
    items.push(...(out.Items ?? []).map(toConnection));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Which connection a Graph webhook's account belongs to. */
export async function findByProviderAccount(channel: Channel, account: string): Promise<{ companyId: number; whatsappId: number } | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: providerKey(channel, account) }));
  return out.Item ? { companyId: Number(out.Item.companyId), whatsappId: Number(out.Item.whatsappId) } : undefined;
}

export type SessionPatch = Partial<Pick<Connection, 'status' | 'qrcode' | 'number' | 'reason'>>;

/** Status, QR and number as the session reports them; answers the connection after the change. */
export async function patchSession(companyId: number, id: number, patch: SessionPatch): Promise<Connection | undefined> {
  const names: Record<string, string> = { '#u': 'updatedAt' };
  const values: Record<string, unknown> = { ':u': new Date().toISOString() };
  const sets = ['#u = :u'];
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    names[`#${k}`] = k;
    values[`:${k}`] = v;
    sets.push(`#${k} = :${k}`);
  }
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.whatsapp(companyId, id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? toConnection(out.Attributes) : undefined;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return undefined; // deleted meanwhile
    throw err;
  }
}

/**
 * Sandbox: a person or a test confirmed the QR `qrcode`. Recorded only while that QR is the
 * connection's current one (the condition is the proof it was on the screen at the time), so the
 * driver can pair on it even after its poll rotated the QR. False when it no longer is.
 */
export async function recordScan(companyId: number, id: number, qrcode: string, at: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.whatsapp(companyId, id),
        UpdateExpression: 'SET scannedAt = :t, scannedQr = :q',
        ConditionExpression: '#s = :qrcode AND qrcode = :q',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':t': at, ':q': qrcode, ':qrcode': 'qrcode' },
      }),
    );
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}
