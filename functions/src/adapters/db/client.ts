import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../../lib/config';
import { isWrite, meterEnabled, meterWanted, record, recordOp } from './capacity';
import { sdkClientOptions } from '../sdk-options';

let doc: DynamoDBDocumentClient | undefined;

/** The table's document client, one per cold start. */
export function db(): DynamoDBDocumentClient {
  if (doc) return doc;
  const e = env();
  const client = new DynamoDBClient({
    ...sdkClientOptions,
    region: e.AWS_REGION,
    ...(e.DYNAMODB_ENDPOINT
      ? { endpoint: e.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  if (meterWanted()) {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (!meterEnabled()) return next(args);
        const input = args.input as { ReturnConsumedCapacity?: string };
        input.ReturnConsumedCapacity ??= 'TOTAL';
        const out = await next(args);
        const name = String(context.commandName);
        recordOp(name, args.input as Record<string, any>);
        record((out.output as { ConsumedCapacity?: unknown }).ConsumedCapacity, isWrite(name) ? 'write' : 'read');
        return out;
      },
      { step: 'initialize', name: 'capacityMeter' },
    );
  }
  doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return doc;
}

export function table(): string {
  return env().TABLE_NAME;
}

/** Tests point the client at another endpoint between suites. */
export function resetDbClient(): void {
  doc = undefined;
}
