/**
 * Upgrades a table written before the search index had blocks (session 7 and earlier: one item per
 * word prefix and ticket, `SK=<ticketId padded>#<t|n>`): every such item's bit is set in its block,
 * then the item is deleted, page by page of a Scan. Safe to stop and run again (bits set twice
 * change nothing; an item is deleted only once its block has it), and beside the stream's indexer
 * (block writes are conditioned on the version read). A marker item records that the table is
 * done, so later starts skip the Scan. Run by the local stack at start (infra/local/stack.ts).
 */
import { BatchWriteCommand, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../adapters/db/client';
import { putEntries, type Entry, type Source } from '../../adapters/db/search-index';

const DONE = { PK: 'P#UPGRADES', SK: 'search-index-blocks' };
const LEGACY_SK = /^(\d{10})#([tn])$/;
const PARTITION = /^C#(\d+)#SRCH#(.+)$/;

export async function convertLegacyEntries(): Promise<{ converted: number; skipped: boolean }> {
  if ((await db().send(new GetCommand({ TableName: table(), Key: DONE, ConsistentRead: true }))).Item) return { converted: 0, skipped: true };
  let converted = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: table(),
        ProjectionExpression: 'PK, SK',
        FilterExpression: 'contains(PK, :srch) AND NOT begins_with(SK, :block)',
        ExpressionAttributeValues: { ':srch': '#SRCH#', ':block': 'B#' },
        ExclusiveStartKey: start,
      }),
    );
    start = page.LastEvaluatedKey;
    const byCompany = new Map<number, Entry[]>();
    const legacy: Record<string, unknown>[] = [];
    for (const item of page.Items ?? []) {
      const p = PARTITION.exec(String(item.PK));
      const k = LEGACY_SK.exec(String(item.SK));
      if (!p || !k) continue;
      const cid = Number(p[1]);
      byCompany.set(cid, [...(byCompany.get(cid) ?? []), { token: p[2]!, ticketId: Number(k[1]), source: k[2] as Source }]);
      legacy.push({ PK: item.PK, SK: item.SK });
    }
    for (const [cid, entries] of byCompany) await putEntries(cid, entries);
    for (let i = 0; i < legacy.length; i += 25) {
      let pending = legacy.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
      for (let attempt = 0; pending.length; attempt++) {
        if (attempt >= 10) throw new Error(`search index upgrade: ${pending.length} old items left undeleted`);
        if (attempt) await new Promise((r) => setTimeout(r, Math.min(1_000, 20 * 2 ** attempt)));
        const out = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
        pending = (out.UnprocessedItems?.[table()] ?? []) as typeof pending;
      }
    }
    converted += legacy.length;
  } while (start);
  await db().send(new PutCommand({ TableName: table(), Item: { ...DONE, at: new Date().toISOString(), converted } }));
  return { converted, skipped: false };
}
