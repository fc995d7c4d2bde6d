/** The one-time upgrade of tables from before issue 20's companies and plans (run with upgrade-data.ts). */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { searchText } from './companies';
import { keys } from './keys';
import { listPlans } from './plans';

const COUNTED = { PK: 'P#UPGRADES', SK: 'plan-company-counts' };

/**
 * Tables from before the plans' company counts: each plan's count set from the companies list
 * (GSI1 `P#COMPANIES`, a Query), and each company's search text, once; a marker records it. Run
 * at start before any request.
 */
export async function backfillPlanCounts(): Promise<boolean> {
  if ((await db().send(new GetCommand({ TableName: table(), Key: COUNTED, ConsistentRead: true }))).Item) return false;
  const counts = new Map<number, number>();
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({ TableName: table(), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ProjectionExpression: 'PK, SK, planId, #n, email, searchText', ExpressionAttributeNames: { '#n': 'name' }, ExpressionAttributeValues: { ':pk': 'P#COMPANIES' }, ExclusiveStartKey: start }),
    );
    for (const it of out.Items ?? []) {
      counts.set(Number(it.planId), (counts.get(Number(it.planId)) ?? 0) + 1);
      if (it.searchText === undefined) {
        const text = searchText({ name: String(it.name ?? ''), email: String(it.email ?? '') });
        await db().send(new UpdateCommand({ TableName: table(), Key: { PK: it.PK, SK: it.SK }, UpdateExpression: 'SET searchText = :t', ExpressionAttributeValues: { ':t': text } }));
      }
    }
    start = out.LastEvaluatedKey;
  } while (start);
  for (const p of await listPlans()) {
    await db().send(new UpdateCommand({ TableName: table(), Key: keys.plan(Number(p.id)), UpdateExpression: 'SET companies = :n', ExpressionAttributeValues: { ':n': counts.get(Number(p.id)) ?? 0 } }));
  }
  await db().send(new PutCommand({ TableName: table(), Item: { ...COUNTED, at: new Date().toISOString() } }));
  return true;
}
