/** Creates the single table from functions' TABLE definition when missing and turns TTL on. */
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
} from '@aws-sdk/client-dynamodb';
import { TABLE } from '@conversa/functions/adapters/db/table-def';

export type TableShape = {
  partitionKey: string;
  sortKey: string;
  ttlAttribute: string;
  indexes: readonly { name: string; partitionKey: string; sortKey: string; projection?: 'ALL' | 'KEYS_ONLY' }[];
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
      Projection: { ProjectionType: gsi.projection ?? 'ALL' },
    })),
  };
}

/** Answers whether the table had to be created. */
export async function ensureTable(client: DynamoDBClient, name: string, shape: TableShape = TABLE): Promise<boolean> {
  let created = false;
  try {
    const described = await client.send(new DescribeTableCommand({ TableName: name }));
    await addMissingIndexes(client, name, shape, new Set((described.Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName!)));
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
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: name }));
  const status = ttl.TimeToLiveDescription?.TimeToLiveStatus;
  if (status !== 'ENABLED' && status !== 'ENABLING') {
    await client.send(
      new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: shape.ttlAttribute, Enabled: true } }),
    );
  }
  return created;
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
