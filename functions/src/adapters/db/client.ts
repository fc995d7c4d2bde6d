import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { InitializeHandler, InitializeHandlerArguments, InitializeMiddleware, HandlerExecutionContext } from '@smithy/types';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../../lib/config';
import { isWrite, meterEnabled, meterWanted, record, recordOp } from './capacity';
import { sdkClientOptions } from '../sdk-options';
import { traced } from '../../lib/trace';

let doc: DynamoDBDocumentClient | undefined;

/** The table's document client, one per cold start. */
export function db(): DynamoDBDocumentClient {
  if (doc) return doc;
  const e = env();
  const config = {
    ...sdkClientOptions,
    region: e.AWS_REGION,
    ...(e.DYNAMODB_ENDPOINT
      ? { endpoint: e.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  };
  const client = traced(new DynamoDBClient(config));
  if (meterWanted()) {
    // A transaction's units as AWS bills them (tx-units.ts): DynamoDB Local's figure is wrong.
    // Placed after the document client's marshalling, so the items are in the wire shape.
    client.middlewareStack.addRelativeTo(
      ((next: InitializeHandler<any, any>, context: HandlerExecutionContext) => async (args: InitializeHandlerArguments<any>) => {
        if (!meterEnabled() || context.commandName !== 'TransactWriteItemsCommand') return next(args);
        // The benchmarks' code: loaded only where the meter runs, never in a deployed bundle's start.
        const { readImages, transactionUnits, transactOps } = await import('./tx-units');
        const ops = transactOps(args.input as Record<string, any>);
        const before = await readImages(config, ops, () => true);
        const out = await next(args);
        const after = await readImages(config, ops, (op) => op.kind === 'Update');
        (out.output as { ConsumedCapacity?: unknown }).ConsumedCapacity = [{ WriteCapacityUnits: transactionUnits(ops, before, after) }];
        return out;
      }) as InitializeMiddleware<any, any>,
      { relation: 'after', toMiddleware: 'DocumentMarshall', name: 'transactionMeter' },
    );
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
