import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { keys } from './keys';

/** A refresh-token family: one login, rotated on every refresh. */
export type SessionFamily = { companyId: number; family: string; userId: number; tokenHash: string; expiresAt: number };

export async function putFamily(s: SessionFamily): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...keys.session(s.companyId, s.family), entity: 'session', ...s } }));
}

export async function getFamily(companyId: number, family: string): Promise<SessionFamily | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: keys.session(companyId, family), ConsistentRead: true }));
  return out.Item as SessionFamily | undefined;
}

/** Rotates only if the presented token is still the family's current one; false otherwise. */
export async function rotateFamily(companyId: number, family: string, fromHash: string, toHash: string, expiresAt: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.session(companyId, family),
        UpdateExpression: 'SET tokenHash = :to, expiresAt = :exp',
        ConditionExpression: 'tokenHash = :from',
        ExpressionAttributeValues: { ':to': toHash, ':from': fromHash, ':exp': expiresAt },
      }),
    );
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

export async function deleteFamily(companyId: number, family: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: keys.session(companyId, family) }));
}
