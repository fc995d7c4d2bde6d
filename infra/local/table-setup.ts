/**
 * Creates the single table from functions' TABLE definition when missing. DynamoDB Local's TTL job
 * stays off (turned off on a table kept in .data from before): it stalls the whole table every 10 s,
 * so ttl-reaper.ts deletes the expired items instead.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  UpdateTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type AttributeDefinition,
  type CreateTableCommandInput,
  type DynamoDBClient,
  type GlobalSecondaryIndexDescription,
  type Projection,
} from '@aws-sdk/client-dynamodb';
import { TABLE } from '@conversa/functions/adapters/db/table-def';

export type TableShape = {
  partitionKey: string;
  sortKey: string;
  ttlAttribute: string;
  indexes: readonly { name: string; partitionKey: string; sortKey: string; projection?: 'ALL' | 'KEYS_ONLY' | 'INCLUDE'; include?: readonly string[] }[];
  stream?: 'NEW_IMAGE' | 'NEW_AND_OLD_IMAGES' | 'KEYS_ONLY' | 'OLD_IMAGE';
};

/** The CreateTable input for a table shape: string keys, each GSI with its projection, on demand. */
export function createTableInput(name: string, shape: TableShape = TABLE): CreateTableCommandInput {
  const attrs = new Set<string>([shape.partitionKey, shape.sortKey]);
  for (const gsi of shape.indexes) {
    attrs.add(gsi.partitionKey);
    attrs.add(gsi.sortKey);
  }
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attrs].map((a): AttributeDefinition => ({ AttributeName: a, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: shape.partitionKey, KeyType: 'HASH' },
      { AttributeName: shape.sortKey, KeyType: 'RANGE' },
    ],
    ...(shape.stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: shape.stream } } : {}),
    GlobalSecondaryIndexes: shape.indexes.map((gsi) => ({
      IndexName: gsi.name,
      KeySchema: [
        { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
        { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: gsi.projection ?? 'ALL', ...(gsi.include ? { NonKeyAttributes: [...gsi.include] } : {}) },
    })),
  };
}

/** Answers whether the table had to be created. */
export async function ensureTable(client: DynamoDBClient, name: string, shape: TableShape = TABLE): Promise<boolean> {
  let created = false;
  try {
    const described = await client.send(new DescribeTableCommand({ TableName: name }));
    await dropChangedIndexes(client, name, shape, described.Table?.GlobalSecondaryIndexes ?? []);
    const left = await client.send(new DescribeTableCommand({ TableName: name }));
    await addMissingIndexes(client, name, shape, new Set((left.Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName!)));
    // A table kept in .data from before the stream existed gets it now.
    if (shape.stream && !described.Table?.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: name, StreamSpecification: { StreamEnabled: true, StreamViewType: shape.stream } }));
    }
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException) && (err as { name?: string }).name !== 'ResourceNotFoundException') throw err;
    await client.send(new CreateTableCommand(createTableInput(name, shape)));
    await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1, maxDelay: 1 }, { TableName: name });
    created = true;
  }
  const ttl = (await client.send(new DescribeTimeToLiveCommand({ TableName: name }))).TimeToLiveDescription;
  if (ttl?.TimeToLiveStatus === 'ENABLED' || ttl?.TimeToLiveStatus === 'ENABLING') {
    await client.send(
      new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: ttl.AttributeName ?? shape.ttlAttribute, Enabled: false } }),
    );
  }
  return created;
}

const projectionOf = (p: Projection | undefined) => `${p?.ProjectionType ?? 'ALL'}:${[...(p?.NonKeyAttributes ?? [])].sort().join(',')}`;

/**
 * A table kept in .data from an older version whose index now projects other attributes: the
 * index is deleted here and built again by addMissingIndexes (DynamoDB cannot change a projection
 * in place; it backfills the new index from the table).
 */
async function dropChangedIndexes(client: DynamoDBClient, name: string, shape: TableShape, existing: GlobalSecondaryIndexDescription[]): Promise<void> {
  const wanted = new Map((createTableInput(name, shape).GlobalSecondaryIndexes ?? []).map((g) => [g.IndexName!, projectionOf(g.Projection)]));
  for (const gsi of existing) {
    const want = wanted.get(gsi.IndexName!);
    if (!want || want === projectionOf(gsi.Projection)) continue;
    await client.send(new UpdateTableCommand({ TableName: name, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: gsi.IndexName! } }] }));
    for (let i = 0; i < 100; i++) {
      const t = await client.send(new DescribeTableCommand({ TableName: name }));
      if (!t.Table?.GlobalSecondaryIndexes?.some((g) => g.IndexName === gsi.IndexName)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** A table kept in .data from an older version gets the indexes added since (one at a time, as DynamoDB requires). */
async function addMissingIndexes(client: DynamoDBClient, name: string, shape: TableShape, existing: Set<string>): Promise<void> {
  const input = createTableInput(name, shape);
  for (const gsi of input.GlobalSecondaryIndexes ?? []) {
    if (existing.has(gsi.IndexName!)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: name,
        AttributeDefinitions: input.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: { IndexName: gsi.IndexName!, KeySchema: gsi.KeySchema!, Projection: gsi.Projection! } }],
      }),
    );
    for (let i = 0; i < 100; i++) {
      const t = await client.send(new DescribeTableCommand({ TableName: name }));
      if (t.Table?.GlobalSecondaryIndexes?.find((g) => g.IndexName === gsi.IndexName)?.IndexStatus === 'ACTIVE') break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
