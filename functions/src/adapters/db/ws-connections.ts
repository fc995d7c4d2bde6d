import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '@conversa/shared/roles';
import { db, table } from './client';
import { keys, partitions } from './keys';

export type WsConnection = {
  connectionId: string;
  companyId: number;
  userId: number;
  /** The session (refresh family) whose token opened it: ending the session closes it. */
  family?: string;
  profile: Profile;
  super: boolean;
  queueIds: number[];
  rooms: string[];
  connectedAt: string;
  expiresAt: number;
};

/** Connection item under the company, plus a platform index from connection id to company. */
export async function putConnection(c: WsConnection): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table(), Item: { ...keys.wsConnection(c.companyId, c.connectionId), entity: 'ws', ...c } } },
        { Put: { TableName: table(), Item: { ...keys.wsIndex(c.connectionId), entity: 'wsidx', companyId: c.companyId, expiresAt: c.expiresAt } } },
      ],
    }),
  );
}

export async function findConnection(connectionId: string): Promise<WsConnection | undefined> {
  const idx = await db().send(new GetCommand({ TableName: table(), Key: keys.wsIndex(connectionId) }));
  if (!idx.Item) return undefined;
  const out = await db().send(new GetCommand({ TableName: table(), Key: keys.wsConnection(Number(idx.Item.companyId), connectionId) }));
  return out.Item as WsConnection | undefined;
}

export async function deleteConnection(companyId: number, connectionId: string): Promise<void> {
  await Promise.all([
    db().send(new DeleteCommand({ TableName: table(), Key: keys.wsConnection(companyId, connectionId) })),
    db().send(new DeleteCommand({ TableName: table(), Key: keys.wsIndex(connectionId) })),
  ]);
}

export async function setRooms(companyId: number, connectionId: string, rooms: string[]): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.wsConnection(companyId, connectionId),
      UpdateExpression: 'SET rooms = :r',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':r': rooms },
    }),
  );
}

export async function companyConnections(companyId: number): Promise<WsConnection[]> {
  const items: WsConnection[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': partitions.ws(companyId) },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((out.Items ?? []) as WsConnection[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

