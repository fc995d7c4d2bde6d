import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { foldText } from '@conversa/shared/text';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Recurrence } from '@conversa/shared/constants';
import type { CustomPlan } from '@conversa/shared/plans';
import type { CompanyDeletion } from '@conversa/shared/schemas/companies';
import { AppError } from '../../lib/app-error';
import { db, table } from './client';
import { decodeCursor, encodeCursor, fromItem, keys } from './keys';
import { planUse } from './plans';

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
  /** CPF or CNPJ, digits only (spec 2 §3). */
  document?: string;
  paymentMethod?: string;
  billingName?: string;
  addressZipCode?: string;
  addressStreet?: string;
  addressState?: string;
  addressCity?: string;
  addressDistrict?: string;
  updatedAt?: string;
  /** Moved by every edit: an edit from an older read fails (optimistic lock). */
  rev?: number;
  /** The custom plan a paid invoice bought (billing/receive-payment.ts): see effectivePlan. */
  customPlan?: CustomPlan;
  /** A deletion was asked for (domain/companies/delete-company.ts): its job's progress. */
  deletion?: CompanyDeletion;
};

/** The companies list's search field: the name and e-mail, lower-cased, accents folded. */
export const searchText = (c: Pick<Company, 'name' | 'email'>) => foldText(`${c.name} ${c.email}`).slice(0, 400);

function toCompany(item: Record<string, unknown>): Company {
  return fromItem(item, 'searchText') as Company;
}

export async function getCompany(id: number, consistent = false): Promise<Company | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: keys.company(id), ConsistentRead: consistent }));
  return out.Item ? toCompany(out.Item) : undefined;
}

const item = (company: Company) => ({ ...keys.company(company.id), ...keys.companyList(company.id), entity: 'company', ...company, searchText: searchText(company) });

/** The item for a transaction or a put; never overwrites an existing company. */
export function companyPut(company: Company) {
  return {
    TableName: table(),
    Item: item(company),
    ConditionExpression: 'attribute_not_exists(PK)',
  };
}

/**
 * A new company's writes for a transaction: the company and its plan's company count (#3b), so a
 * plan in use is never deleted. The plan must exist at that moment.
 */
export const newCompanyWrites = (company: Company) => [{ Put: companyPut(company) }, planUse(company.planId, 1)];

/** A company by itself (the seed): the company and its plan's count in one transaction. */
export async function putCompany(company: Company): Promise<void> {
  await db().send(new TransactWriteCommand({ TransactItems: newCompanyWrites(company) }));
}

/**
 * Writes an edited company, conditional on the revision read and on no deletion having started;
 * a plan change moves one company from the old plan's count to the new one's in the same write.
 */
export async function saveCompany(before: Company, after: Company): Promise<Company> {
  const next: Company = { ...after, rev: (before.rev ?? 0) + 1, updatedAt: new Date().toISOString() };
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Put: {
        TableName: table(),
        Item: item(next),
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletion) AND ' + (before.rev === undefined ? 'attribute_not_exists(rev)' : 'rev = :rev'),
        ...(before.rev === undefined ? {} : { ExpressionAttributeValues: { ':rev': before.rev } }),
      },
    },
  ];
  if (before.planId !== next.planId) items.push(planUse(before.planId, -1), planUse(next.planId, 1));
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    if (err instanceof TransactionCanceledException) {
      const at = (err.CancellationReasons ?? []).findIndex((r) => r.Code === 'ConditionalCheckFailed');
      if (at === 2) throw new AppError('ERR_NO_PLAN_FOUND');
      if (at >= 0) throw new AppError('ERR_CONFLICT');
    }
    throw err;
  }
  return next;
}

/** Marks a company for deletion (once): inactive, with the job's first progress. */
export async function markDeleting(id: number, deletion: CompanyDeletion): Promise<Company | undefined> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.company(id),
        UpdateExpression: 'SET deletion = :d, #s = :off',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletion)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':d': deletion, ':off': false },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? toCompany(out.Attributes) : undefined;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw err;
  }
}

/** The deletion job's progress on the company item (polled by the super admin's screen). */
export async function setDeletionProgress(id: number, deletion: CompanyDeletion): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.company(id),
        UpdateExpression: 'SET deletion = :d',
        ConditionExpression: 'deletion.jobId = :job',
        ExpressionAttributeValues: { ':d': deletion, ':job': deletion.jobId },
      }),
    )
    .catch((err: unknown) => {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    });
}

/** The last write of a deletion: the company item (and its list entry) and its plan's count. */
export async function removeCompany(company: Company): Promise<void> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: table(), Key: keys.company(company.id), ConditionExpression: 'deletion.jobId = :job', ExpressionAttributeValues: { ':job': company.deletion!.jobId } } },
          { Update: { TableName: table(), Key: keys.plan(company.planId), UpdateExpression: 'ADD companies :d', ExpressionAttributeValues: { ':d': -1 } } },
        ],
      }),
    );
  } catch (err) {
    // Already gone (a redelivered last step): nothing more to do.
    if (err instanceof TransactionCanceledException) return;
    throw err;
  }
}

const LIST = 'P#COMPANIES';
/** At most this many index entries read for one filtered page, then a short page with a cursor. */
export const MAX_SCANNED_PER_PAGE = 1_000;

/**
 * A page of the platform's companies by id (GSI1 `P#COMPANIES`, #2). A search filters the same
 * query (`contains(searchText)`), reading on until the page is full or MAX_SCANNED_PER_PAGE entries
 * were read.
 */
export async function pageCompanies(search: string | undefined, cursor: string | undefined, limit: number): Promise<{ items: Company[]; cursor?: string }> {
  const q = search ? foldText(search) : '';
  const items: Company[] = [];
  let start = decodeCursor(cursor, LIST);
  let read = 0;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': LIST, ...(q ? { ':q': q } : {}) },
        ...(q ? { FilterExpression: 'contains(searchText, :q)' } : {}),
        ExclusiveStartKey: start,
        Limit: q ? Math.min(200, MAX_SCANNED_PER_PAGE - read) : limit - items.length,
      }),
    );
    read += out.ScannedCount ?? 0;
    for (const it of out.Items ?? []) {
      if (items.length < limit) items.push(toCompany(it));
    }
    start = out.LastEvaluatedKey;
    // A filtered read may pass the page's end: go on from the last company kept.
    if (items.length >= limit && (out.Items?.length ?? 0) > 0) {
      const last = items[items.length - 1]!;
      const lastSeen = out.Items![out.Items!.length - 1]!;
      if (lastSeen.id !== last.id) start = { ...keys.company(last.id), ...keys.companyList(last.id) };
      break;
    }
  } while (start && read < MAX_SCANNED_PER_PAGE);
  return { items, cursor: encodeCursor(start) };
}

/** Every company (GET /companies/list): a few thousand at most, read page by page. */
export async function allCompanies(): Promise<Company[]> {
  const out: Company[] = [];
  let cursor: string | undefined;
  do {
    const page = await pageCompanies(undefined, cursor, 500);
    out.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return out;
}
