import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { keys } from './keys';

/** Allocates `n` consecutive ids of an entity in a company in one write; answers the first. */
export async function nextIds(companyId: number, entity: string, n: number): Promise<number> {
  const out = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.counter(companyId, `id#${entity}`),
      UpdateExpression: 'ADD #v :n',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':n': n },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.value) - n + 1;
}

/** Allocates the next numeric id of an entity in a company (atomic ADD). */
export const nextId = (companyId: number, entity: string): Promise<number> => nextIds(companyId, entity, 1);

/** Allocates the next platform-wide id (companies, plans). */
export async function nextPlatformId(entity: string, atLeast = 0): Promise<number> {
  for (;;) {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.platformCounter(`id#${entity}`),
        UpdateExpression: 'ADD #v :one',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const id = Number(out.Attributes?.value);
    if (id > atLeast) return id;
  }
}

/** Reads a company counter (users, admins, ...) — 0 when never written. */
export function counterKey(companyId: number, name: string) {
  return keys.counter(companyId, name);
}
