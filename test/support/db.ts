import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';
import { keys } from '../../functions/src/adapters/db/keys';

/** Moves a company's due date into the past (the payment issue will do this by time passing). */
export async function makeOverdue(companyId: number): Promise<void> {
  await db().send(new UpdateCommand({ TableName: table(), Key: keys.company(companyId), UpdateExpression: 'SET dueDate = :d', ExpressionAttributeValues: { ':d': '2020-01-01' } }));
}

/** Every item of one partition (tests read what the pipeline wrote). */
export async function queryPartition(pk: string): Promise<Record<string, any>[]> {
  const items: Record<string, any>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}
