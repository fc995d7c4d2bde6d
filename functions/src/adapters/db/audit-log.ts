/**
 * Audit log entries (ACCESS_PATTERNS.md #76–#78): one item per change in the company's audit
 * partition, newest first by its time, also listed by the user who made it (GSI1) and by its
 * resource (GSI2); a period is a key condition on every one of them. Kept AUDIT_RETENTION_DAYS (TTL).
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { AUDIT_RETENTION_DAYS, type AuditEntry, type AuditResource } from '@conversa/shared/schemas/audit';
import { db, table } from './client';
import { decodeCursor, encodeCursor } from './keys';

const base = (cid: number) => `C#${cid}#AUDIT`;
export const auditPartitions = {
  all: base,
  byUser: (cid: number, userId: number) => `${base(cid)}#U#${userId}`,
  byResource: (cid: number, resource: AuditResource) => `${base(cid)}#R#${resource}`,
};

/** The entry's Put (alone, or inside the change's own transaction). */
export function auditEntryPut(companyId: number, e: AuditEntry) {
  const sk = `${e.at}#${e.id}`;
  const resource = e.action.split('.')[0] as AuditResource;
  return {
    TableName: table(),
    Item: {
      PK: auditPartitions.all(companyId),
      SK: sk,
      GSI1PK: auditPartitions.byUser(companyId, e.userId),
      GSI1SK: sk,
      GSI2PK: auditPartitions.byResource(companyId, resource),
      GSI2SK: sk,
      entity: 'audit',
      ...e,
      expiresAt: Math.floor(Date.parse(e.at) / 1000) + AUDIT_RETENTION_DAYS * 86_400,
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  };
}

export async function putAuditEntry(companyId: number, e: AuditEntry): Promise<void> {
  await db().send(new PutCommand(auditEntryPut(companyId, e)));
}

export type AuditFilter = { from?: string; to?: string; userId?: number; resource?: AuditResource; action?: string };

/** Items read per request at most when a filter (action, or resource beside a user) drops some: then a short page with a cursor. */
const MAX_READ = 1_000;

/**
 * A page of entries, newest first. The index follows the narrowest key: the user (GSI1), else the
 * resource (GSI2, also for an action), else the company's partition; the period is the sort key's
 * range; what the key cannot say (the action, or the resource beside a user) is a filter.
 */
export async function queryAudit(companyId: number, f: AuditFilter, limit: number, cursor: string | undefined): Promise<{ items: AuditEntry[]; cursor?: string }> {
  const resource = f.resource ?? (f.action?.split('.')[0] as AuditResource | undefined);
  const [index, pkName, skName, pk] =
    f.userId !== undefined
      ? (['GSI1', 'GSI1PK', 'GSI1SK', auditPartitions.byUser(companyId, f.userId)] as const)
      : resource
        ? (['GSI2', 'GSI2PK', 'GSI2SK', auditPartitions.byResource(companyId, resource)] as const)
        : ([undefined, 'PK', 'SK', auditPartitions.all(companyId)] as const);
  const values: Record<string, unknown> = { ':pk': pk, ':from': f.from ?? '0', ':to': `${f.to ?? '9999'}~` };
  const filters: string[] = [];
  if (f.action) {
    filters.push('#action = :action');
    values[':action'] = f.action;
  } else if (resource && f.userId !== undefined) {
    filters.push('begins_with(#action, :resource)');
    values[':resource'] = `${resource}.`;
  }
  const items: AuditEntry[] = [];
  let start = decodeCursor(cursor, pk);
  let read = 0;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: index,
        KeyConditionExpression: `${pkName} = :pk AND ${skName} BETWEEN :from AND :to`,
        ...(filters.length ? { FilterExpression: filters.join(' AND '), ExpressionAttributeNames: { '#action': 'action' } } : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        Limit: limit - items.length + (filters.length ? 50 : 0),
        ExclusiveStartKey: start,
      }),
    );
    read += out.ScannedCount ?? 0;
    for (const it of out.Items ?? []) {
      if (items.length < limit) items.push(toEntry(it));
      else {
        // Filled mid-page: the next page starts after the last entry kept.
        return { items, cursor: encodeCursor(keyOf(items[items.length - 1]!, companyId, index)) };
      }
    }
    start = out.LastEvaluatedKey;
  } while (start && items.length < limit && read < MAX_READ);
  return { items, cursor: encodeCursor(start) };
}

function toEntry(item: Record<string, unknown>): AuditEntry {
  const { PK: _a, SK: _b, GSI1PK: _c, GSI1SK: _d, GSI2PK: _e, GSI2SK: _f, entity: _g, expiresAt: _h, ...rest } = item;
  return rest as AuditEntry;
}

/** The key of an entry as its index's LastEvaluatedKey has it. */
function keyOf(e: AuditEntry, companyId: number, index: 'GSI1' | 'GSI2' | undefined): Record<string, unknown> {
  const sk = `${e.at}#${e.id}`;
  const key: Record<string, unknown> = { PK: auditPartitions.all(companyId), SK: sk };
  if (index === 'GSI1') Object.assign(key, { GSI1PK: auditPartitions.byUser(companyId, e.userId), GSI1SK: sk });
  if (index === 'GSI2') Object.assign(key, { GSI2PK: auditPartitions.byResource(companyId, e.action.split('.')[0] as AuditResource), GSI2SK: sk });
  return key;
}
