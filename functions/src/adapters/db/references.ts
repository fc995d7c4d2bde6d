import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { keys } from './keys';

/** Which of these ids exist in the company (queues and connections are referenced by users). */
async function existing(keyOf: (id: number) => { PK: string; SK: string }, ids: number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  const found = new Set<number>();
  for (let i = 0; i < unique.length; i += 100) {
    const chunk = unique.slice(i, i + 100);
    const out = await db().send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: chunk.map(keyOf), ProjectionExpression: 'PK, SK' } } }));
    for (const item of out.Responses?.[table()] ?? []) found.add(Number(item.SK));
  }
  return found;
}

export async function missingQueues(companyId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await existing((id) => keys.queue(companyId, id), ids);
  return ids.filter((id) => !found.has(id));
}

export async function missingConnections(companyId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await existing((id) => keys.whatsapp(companyId, id), ids);
  return ids.filter((id) => !found.has(id));
}
