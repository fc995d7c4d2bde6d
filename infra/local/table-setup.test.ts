/**
 * The local table's setup against DynamoDB Local: a table kept in .data from an older version
 * gets its changed index rebuilt with the new projection, items already written included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DescribeTableCommand, PutItemCommand, QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { localDynamoClient, startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { createTableInput, ensureTable, type TableShape } from './table-setup';
import { createLogger } from './log';

let ddb: DynamoDbLocal;
let client: DynamoDBClient;

beforeAll(async () => {
  ddb = await startDynamoDbLocal({ log: createLogger(false) });
  client = localDynamoClient(ddb.endpoint, 10_000);
}, 60_000);

afterAll(async () => {
  client?.destroy();
  await ddb?.stop();
});

const shape = (index: TableShape['indexes'][number]): TableShape => ({ partitionKey: 'PK', sortKey: 'SK', ttlAttribute: 'expiresAt', indexes: [index] });

describe('ensureTable', () => {
  it('rebuilds an index whose projection changed, with the items already in the table', async () => {
    const name = `setup-test-${Date.now()}`;
    const old = shape({ name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK', projection: 'KEYS_ONLY' });
    expect(await ensureTable(client, name, old)).toBe(true);
    await client.send(new PutItemCommand({ TableName: name, Item: { PK: { S: 'T' }, SK: { S: '1' }, GSI3PK: { S: 'L' }, GSI3SK: { S: 'a' }, queueId: { N: '2' }, body: { S: 'x' } } }));
    const list = async () => (await client.send(new QueryCommand({ TableName: name, IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :p', ExpressionAttributeValues: { ':p': { S: 'L' } } }))).Items;
    expect((await list())?.[0]?.queueId).toBeUndefined();

    const now = shape({ name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK', projection: 'INCLUDE', include: ['queueId'] });
    expect(await ensureTable(client, name, now)).toBe(false);
    const described = await client.send(new DescribeTableCommand({ TableName: name }));
    expect(described.Table?.GlobalSecondaryIndexes?.map((g) => g.Projection)).toEqual([{ ProjectionType: 'INCLUDE', NonKeyAttributes: ['queueId'] }]);
    const items = await list();
    expect(items).toHaveLength(1);
    expect(items?.[0]?.queueId).toEqual({ N: '2' });
    expect(items?.[0]?.body).toBeUndefined();

    // Unchanged: nothing is rebuilt (the call is quick and the index stays).
    expect(createTableInput(name, now).GlobalSecondaryIndexes?.[0]?.Projection).toEqual({ ProjectionType: 'INCLUDE', NonKeyAttributes: ['queueId'] });
    await ensureTable(client, name, now);
    expect(await list()).toHaveLength(1);
  });
});
