import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Plan } from '@conversa/shared/plans';
import { db, table } from './client';
import { fromItem, keys, partitions } from './keys';

function toPlan(item: Record<string, unknown>): Plan {
  const rest = fromItem(item);
  return rest as Plan;
}

export async function getPlan(id: number): Promise<Plan | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: keys.plan(id) }));
  return out.Item ? toPlan(out.Item) : undefined;
}

export async function listPlans(): Promise<Plan[]> {
  const out = await db().send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': partitions.plans } }),
  );
  return (out.Items ?? []).map(toPlan);
}

export async function putPlan(plan: Plan, onlyIfNew = false): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.plan(plan.id), entity: 'plan', ...plan },
      ...(onlyIfNew ? { ConditionExpression: 'attribute_not_exists(PK)' } : {}),
    }),
  );
}
