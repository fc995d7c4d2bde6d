/**
 * A put of a record that is new (its key free) or replaces the version that was read (its
 * `updatedAt` unchanged): false when another write came first.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';

export type PutExpect = { isNew: true } | { updatedAt: string };

export async function versionedPut(item: Record<string, unknown>, expect: PutExpect): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: item,
        ...('isNew' in expect ? { ConditionExpression: 'attribute_not_exists(PK)' } : { ConditionExpression: 'updatedAt = :at', ExpressionAttributeValues: { ':at': expect.updatedAt } }),
      }),
    );
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}
