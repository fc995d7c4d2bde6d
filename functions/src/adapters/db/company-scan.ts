/**
 * The table's only Scans (DESIGN.md: no Scan on a request path): a company's items, read by the
 * company-deletion and company-backup workers alone. In a file of their own so no request path
 * loads a Scan, and so no other function is granted dynamodb:Scan (infra/lib/code-access.ts).
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';

/**
 * One page of the table's items that belong to the company: partition keys beginning `C#<cid>#`,
 * and platform items (`P#…`) naming it in `companyId` (its users' e-mail index, its sockets'
 * index, its channels' webhook routing, its rating waits). A background Scan (this job only; no
 * request path scans), keys only.
 */
export async function scanCompanyItems(cid: number, start: Record<string, unknown> | undefined, limit: number): Promise<{ keys: { PK: string; SK: string }[]; scanned: number; next?: Record<string, unknown> }> {
  const out = await db().send(
    new ScanCommand({
      TableName: table(),
      ProjectionExpression: 'PK, SK',
      FilterExpression: 'begins_with(PK, :c) OR (begins_with(PK, :p) AND companyId = :cid)',
      ExpressionAttributeValues: { ':c': `C#${cid}#`, ':p': 'P#', ':cid': cid },
      ExclusiveStartKey: start,
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return { keys: (out.Items ?? []) as { PK: string; SK: string }[], scanned: out.ScannedCount ?? 0, next: out.LastEvaluatedKey };
}

/**
 * One page of the company's items: a Scan filtered on the partition key's company prefix
 * (`C#<cid>#`), in a worker only, never on a request path. The company's items span many
 * partitions (one per ticket's messages, per contact's notes…) and no index lists them all; a
 * backup is rare (an admin asks for it), so it reads the table once, in pages, resumable.
 */
export async function companyItemsPage(cid: number, after: Record<string, unknown> | undefined): Promise<{ items: Record<string, unknown>[]; last?: Record<string, unknown> }> {
  const out = await db().send(
    new ScanCommand({ TableName: table(), FilterExpression: 'begins_with(PK, :p)', ExpressionAttributeValues: { ':p': `C#${cid}#` }, ExclusiveStartKey: after, Limit: 1000 }),
  );
  return { items: out.Items ?? [], last: out.LastEvaluatedKey };
}
