/**
 * BatchGetItem over any number of keys of the table: chunks of 100, unprocessed keys retried,
 * answering the items by `PK|SK`; and BatchWriteItem over any number of puts and deletes.
 */
import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';

export type Key = { PK: string; SK: string };
export const keyId = (k: Key | Record<string, unknown>): string => `${String(k.PK)}|${String(k.SK)}`;

export async function batchGet(keys: Key[], opts: { consistent?: boolean; projection?: string } = {}): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  const unique = [...new Map(keys.map((k) => [keyId(k), k])).values()];
  for (let i = 0; i < unique.length; i += 100) {
    let pending: Record<string, unknown>[] = unique.slice(i, i + 100);
    for (let attempt = 0; pending.length && attempt < 8; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
      const out = await db().send(
        new BatchGetCommand({
          RequestItems: {
            [table()]: {
              Keys: pending,
              ConsistentRead: opts.consistent,
              ...(opts.projection ? { ProjectionExpression: opts.projection } : {}),
            },
          },
        }),
      );
      for (const item of out.Responses?.[table()] ?? []) found.set(keyId(item), item);
      pending = (out.UnprocessedKeys?.[table()]?.Keys ?? []) as Record<string, unknown>[];
    }
    if (pending.length) throw new Error(`BatchGet left ${pending.length} keys unprocessed`);
  }
  return found;
}

export type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/**
 * BatchWriteItem over any number of puts and deletes: chunks of 25 (a chunk may not name a key
 * twice), unprocessed ones retried with backoff; throws when some are still unprocessed.
 */
export async function batchWrite(requests: readonly WriteRequest[], what = 'batch write'): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending = requests.slice(i, i + 25);
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt >= 8) throw new Error(`${what}: ${pending.length} requests unprocessed after retries`);
      if (attempt) await new Promise((r) => setTimeout(r, Math.min(1_000, 20 * 2 ** attempt)));
      const out = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: pending as WriteRequest[] } }));
      pending = (out.UnprocessedItems?.[table()] ?? []) as WriteRequest[];
    }
  }
}
