import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { keys } from './keys';

/** Counts one hit in a fixed window and answers the count so far (the item expires by TTL). */
export async function hit(bucket: string, windowSeconds: number): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const window = now - (now % windowSeconds);
  const out = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.rateLimit(bucket, window),
      UpdateExpression: 'ADD hits :one SET expiresAt = :exp',
      ExpressionAttributeValues: { ':one': 1, ':exp': window + windowSeconds * 2 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.hits ?? 1);
}

/** The count of the current window without counting this look. */
export async function peek(bucket: string, windowSeconds: number): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const out = await db().send(new GetCommand({ TableName: table(), Key: keys.rateLimit(bucket, now - (now % windowSeconds)) }));
  return Number(out.Item?.hits ?? 0);
}
