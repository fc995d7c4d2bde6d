/**
 * A session's login (WhatsApp's creds and signal keys; the sandbox's pairing):
 * `C#<cid>#WAAUTH#<wid>` / key name → `{ data }`, a JSON string the driver serialises (Baileys'
 * BufferJSON). Kept in the table so a restarted or another host resumes without a new QR.
 */
import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from './batch';
import { db, table } from './client';

export const authPartition = (companyId: number, whatsappId: number) => `C#${companyId}#WAAUTH#${whatsappId}`;
const authKey = (companyId: number, whatsappId: number, name: string) => ({ PK: authPartition(companyId, whatsappId), SK: name });

export async function readAuthItem(companyId: number, whatsappId: number, name: string): Promise<string | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: authKey(companyId, whatsappId, name), ConsistentRead: true }));
  return out.Item ? String(out.Item.data) : undefined;
}

/** Many keys at once (BatchGetItem, 100 per call); missing keys are absent from the map. */
export async function readAuthItems(companyId: number, whatsappId: number, names: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const unique = [...new Set(names)];
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[]; ConsistentRead?: boolean }> | undefined = {
      [table()]: { Keys: unique.slice(i, i + 100).map((n) => authKey(companyId, whatsappId, n)), ConsistentRead: true },
    };
    for (let tries = 0; request && Object.keys(request).length && tries < 8; tries++) {
      if (tries) await new Promise((r) => setTimeout(r, 25 * 2 ** tries));
      const out = await db().send(new BatchGetCommand({ RequestItems: request }));
      for (const item of out.Responses?.[table()] ?? []) found.set(String(item.SK), String(item.data));
      request = out.UnprocessedKeys as typeof request;
    }
  }
  return found;
}

/** Writes (string) or deletes (null) keys, 25 per BatchWriteItem, retrying unprocessed items. */
export async function writeAuthItems(companyId: number, whatsappId: number, entries: readonly { name: string; data: string | null }[]): Promise<void> {
  // The last write of a key wins (a batch may not hold the same key twice).
  const last = new Map<string, string | null>();
  for (const e of entries) last.set(e.name, e.data);
  const requests = [...last].map(([name, data]) =>
    data === null ? { DeleteRequest: { Key: authKey(companyId, whatsappId, name) } } : { PutRequest: { Item: { ...authKey(companyId, whatsappId, name), data } } },
  );
  await batchWrite(requests, 'auth state');
}

/** Forgets the login (logged out, or a new QR asked for). */
export async function clearAuthState(companyId: number, whatsappId: number): Promise<number> {
  const names: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': authPartition(companyId, whatsappId) },
        ProjectionExpression: 'SK',
        ExclusiveStartKey: start,
      }),
    );
    names.push(...(out.Items ?? []).map((i) => String(i.SK)));
    start = out.LastEvaluatedKey;
  } while (start);
  await writeAuthItems(companyId, whatsappId, names.map((name) => ({ name, data: null })));
  return names.length;
}
