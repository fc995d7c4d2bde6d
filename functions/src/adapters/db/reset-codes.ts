import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { keys } from './keys';

export type ResetCode = { email: string; codeHash: string; expiresAt: number; attempts: number };

export async function putResetCode(r: ResetCode): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...keys.resetCode(r.email), entity: 'reset', ...r } }));
}
export async function getResetCode(email: string): Promise<ResetCode | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: keys.resetCode(email), ConsistentRead: true }));
  return out.Item as ResetCode | undefined;
}
export async function countResetAttempt(email: string): Promise<void> {
  await db().send(new UpdateCommand({ TableName: table(), Key: keys.resetCode(email), UpdateExpression: 'ADD attempts :one', ExpressionAttributeValues: { ':one': 1 } }));
}
export async function deleteResetCode(email: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: keys.resetCode(email) }));
}
