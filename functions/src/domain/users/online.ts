import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { USER_ONLINE_GRACE_MS } from '@conversa/shared/constants';
import { channel } from '@conversa/shared/realtime';
import { db, table } from '../../adapters/db/client';
import { keys, pad } from '../../adapters/db/keys';
import { publish } from '../../adapters/realtime';

/** Online users are listed in GSI2 under `P#ONLINE`, sorted by their last status ping. */
const ONLINE = 'P#ONLINE';

/** Sets the flag; the company hears about it only when it changes. */
export async function markOnline(companyId: number, userId: number, online: boolean): Promise<void> {
  const now = new Date().toISOString();
  const was = await db()
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.user(companyId, userId),
        ConditionExpression: 'attribute_exists(PK)',
        UpdateExpression: online ? 'SET #online = :t, lastSeenAt = :now, GSI2PK = :on, GSI2SK = :sk' : 'SET #online = :f, lastSeenAt = :now REMOVE GSI2PK, GSI2SK',
        ExpressionAttributeNames: { '#online': 'online' },
        ExpressionAttributeValues: online
          ? { ':t': true, ':now': now, ':on': ONLINE, ':sk': `${now}#${pad(companyId)}#${pad(userId)}` }
          : { ':f': false, ':now': now },
        ReturnValues: 'ALL_OLD',
      }),
    )
    .then((out) => out.Attributes?.online as boolean | undefined)
    .catch((err: unknown) => {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
      return online; // the user is gone: nothing to announce
    });
  if (was === online) return;
  await publish(companyId, channel.user(companyId), { action: 'update', user: { id: userId, online } });
}

/** Marks offline every user whose last ping is older than the grace period. */
export async function sweepOnlineUsers(now = Date.now()): Promise<number> {
  const before = new Date(now - USER_ONLINE_GRACE_MS).toISOString();
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :on AND GSI2SK < :before',
        ExpressionAttributeValues: { ':on': ONLINE, ':before': before },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) {
      await markOnline(Number(item.companyId), Number(item.id), false);
      count++;
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}
