import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Recurrence } from '@conversa/shared/constants';
import { db, table } from './client';
import { fromItem, keys } from './keys';

export type Company = {
  id: number;
  name: string;
  email: string;
  phone: string;
  planId: number;
  status: boolean;
  /** YYYY-MM-DD, or null: never expires. */
  dueDate: string | null;
  recurrence: Recurrence;
  campaignsEnabled: boolean;
  trial: boolean;
  trialEndsAt?: string;
  createdAt: string;
  lastLogin?: string;
};

function toCompany(item: Record<string, unknown>): Company {
  const rest = fromItem(item);
  return rest as Company;
}

export async function getCompany(id: number, consistent = false): Promise<Company | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: keys.company(id), ConsistentRead: consistent }));
  return out.Item ? toCompany(out.Item) : undefined;
}

/** The item for a transaction or a put; never overwrites an existing company. */
export function companyPut(company: Company) {
  return {
    TableName: table(),
    Item: { ...keys.company(company.id), ...keys.companyList(company.id), entity: 'company', ...company },
    ConditionExpression: 'attribute_not_exists(PK)',
  };
}

export async function putCompany(company: Company): Promise<void> {
  await db().send(new PutCommand(companyPut(company)));
}
