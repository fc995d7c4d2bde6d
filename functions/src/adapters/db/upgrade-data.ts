/**
 * Brings a table written by an older version up to date, in one Scan, page by page:
 * - the search index before blocks (one item per word prefix and ticket, `SK=<ticketId padded>#<t|n>`):
 *   each such item's bit is set in its block, then the item is deleted;
 * - tickets whose roster entry (GSI4) is not in the partition of their status (the roster before
 *   it was split by status, or older tickets without one) get it, unless their status moved
 *   meanwhile (the transition wrote it then).
 * Safe to stop and run again (bits set twice change nothing; an item is deleted only once its block
 * has it), and beside the stream's indexer (block writes are conditioned on the version read). A
 * marker item records that the table is done, so later starts skip the Scan. Run by the local
 * stack at start (infra/local/stack.ts).
 */
import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from './batch';
import { backfillPlanCounts } from './company-upgrade';
import { backfillTagMemberships } from './tag-upgrade';
import { db, table } from './client';
import { putEntries, type Entry, type Source } from './search-index';
import { rosterIndex, type TicketStatus } from './tickets';

const DONE = { PK: 'P#UPGRADES', SK: 'search-blocks-status-roster' };
const LEGACY_SK = /^(\d{10})#([tn])$/;
const PARTITION = /^C#(\d+)#SRCH#(.+)$/;

export async function upgradeData(): Promise<{ converted: number; rostered: number; skipped: boolean }> {
  // The plans' company counts (plans.ts), once, before any request can create a company.
  await backfillPlanCounts();
  // The tickets' tag memberships, lanes and the tags' counts (tags.ts), once.
  await backfillTagMemberships();
  if ((await db().send(new GetCommand({ TableName: table(), Key: DONE, ConsistentRead: true }))).Item) return { converted: 0, rostered: 0, skipped: true };
  let converted = 0;
  let rostered = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: table(),
        ProjectionExpression: 'PK, SK, entity, id, companyId, #s, GSI4PK',
        FilterExpression: '(contains(PK, :srch) AND NOT begins_with(SK, :block)) OR (entity = :ticket AND NOT contains(GSI4PK, :roster))',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':srch': '#SRCH#', ':block': 'B#', ':ticket': 'ticket', ':roster': '#TROSTER#' },
        ExclusiveStartKey: start,
      }),
    );
    start = page.LastEvaluatedKey;
    const byCompany = new Map<number, Entry[]>();
    const legacy: Record<string, unknown>[] = [];
    const tickets = (page.Items ?? []).filter((i) => i.entity === 'ticket');
    for (const t of tickets) {
      const status = t.status as TicketStatus;
      try {
        await db().send(
          new UpdateCommand({
            TableName: table(),
            Key: { PK: t.PK, SK: t.SK },
            UpdateExpression: 'SET GSI4PK = :p, GSI4SK = :sk',
            ConditionExpression: '#s = :status',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ...withColons(rosterIndex({ companyId: Number(t.companyId), id: Number(t.id), status })), ':status': status },
          }),
        );
        rostered++;
      } catch (err) {
        if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
      }
    }
    for (const item of page.Items ?? []) {
      if (item.entity === 'ticket') continue;
      const p = PARTITION.exec(String(item.PK));
      const k = LEGACY_SK.exec(String(item.SK));
      if (!p || !k) continue;
      const cid = Number(p[1]);
      byCompany.set(cid, [...(byCompany.get(cid) ?? []), { token: p[2]!, ticketId: Number(k[1]), source: k[2] as Source }]);
      legacy.push({ PK: item.PK, SK: item.SK });
    }
    for (const [cid, entries] of byCompany) await putEntries(cid, entries);
    await batchWrite(legacy.map((Key) => ({ DeleteRequest: { Key } })), 'search index upgrade');
    converted += legacy.length;
  } while (start);
  await db().send(new PutCommand({ TableName: table(), Item: { ...DONE, at: new Date().toISOString(), converted, rostered } }));
  return { converted, rostered, skipped: false };
}

const withColons = (ix: { GSI4PK: string; GSI4SK: string }) => ({ ':p': ix.GSI4PK, ':sk': ix.GSI4SK });
