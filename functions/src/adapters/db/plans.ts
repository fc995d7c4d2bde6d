import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { effectivePlan, type CustomPlan, type Plan } from '@conversa/shared/plans';
import type { PlanView } from '@conversa/shared/schemas/companies';
import { AppError } from '../../lib/app-error';
import { db, table } from './client';
import { fromItem, keys, partitions } from './keys';

/** The plan as a company sees it: without its company count. */
function toPlan(item: Record<string, unknown>): Plan {
  return fromItem(item, 'companies') as Plan;
}
function toPlanView(item: Record<string, unknown>): PlanView {
  return { ...toPlan(item), companies: Number(item.companies ?? 0) };
}

export async function getPlan(id: number): Promise<Plan | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: keys.plan(id) }));
  return out.Item ? toPlan(out.Item) : undefined;
}

/** The plan a company works with: its plan with the custom limits it bought (effectivePlan). */
export async function getCompanyPlan(company: { planId: number; customPlan?: CustomPlan }): Promise<Plan | undefined> {
  const plan = await getPlan(company.planId);
  return plan && effectivePlan(plan, company.customPlan);
}

async function queryPlans(): Promise<Record<string, unknown>[]> {
  const out = await db().send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': partitions.plans } }),
  );
  return out.Items ?? [];
}

export async function listPlans(): Promise<Plan[]> {
  return (await queryPlans()).map(toPlan);
}

/** Every plan with how many companies are on it (the super admin's table). */
export async function listPlanViews(): Promise<PlanView[]> {
  return (await queryPlans()).map(toPlanView);
}

export async function getPlanView(id: number, consistent = false): Promise<PlanView | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: keys.plan(id), ConsistentRead: consistent }));
  return out.Item ? toPlanView(out.Item) : undefined;
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

/**
 * A plan's company count (#3b), in every transaction that creates a company, moves it to another
 * plan or deletes it: the plan must exist then, and a plan whose count is above 0 is not deleted.
 */
export const planUse = (planId: number, delta: number) => ({
  Update: {
    TableName: table(),
    Key: keys.plan(planId),
    UpdateExpression: 'ADD companies :d',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':d': delta },
  },
});

/** Changes a plan's fields (never its company count), if it still exists. */
export async function updatePlanFields(id: number, fields: Omit<Plan, 'id'>): Promise<void> {
  const names = Object.keys(fields) as (keyof typeof fields)[];
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.plan(id),
        UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
        ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])),
      }),
    );
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') throw new AppError('ERR_NO_PLAN_FOUND');
    throw err;
  }
}

/** Deletes a plan no company is on: conditional on its count, no scan of the companies. */
export async function deletePlanIfUnused(id: number): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: table(),
        Key: keys.plan(id),
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(companies) OR companies <= :z)',
        ExpressionAttributeValues: { ':z': 0 },
      }),
    );
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') {
      throw new AppError((await getPlanView(id, true)) ? 'ERR_PLAN_IN_USE' : 'ERR_NO_PLAN_FOUND');
    }
    throw err;
  }
}
